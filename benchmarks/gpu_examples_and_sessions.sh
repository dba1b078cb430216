# One GPU call (device tool): every lesson run top to bottom as a student (tests/student_session.py) on CUDA,
# then every lesson's example submissions graded on CUDA (--jobs 7, seed 5). Results in $OUT/results.tar.gz.
python3 -m pip install -q --no-index --no-deps --no-cache-dir --upgrade --target /tmp/site "${WHEELS:-.whl}"/*.whl && rm -rf /tmp/site/nbgrader/tests && for J in "$(python3 -c 'import sys;print(sys.prefix)')/share/jupyter" /usr/local/share/jupyter; do mkdir -p "$J" 2>/dev/null && cp -r /tmp/site/share/jupyter/nbconvert "$J/" && break; done && export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH || exit
mkdir -p /tmp/res
for L in ${LESSONS:-lesson05-row-sum lesson06-mean-var lesson07-softmax}; do
  s=$(date +%s); python3 tests/student_session.py $L /tmp/ss-$L > /tmp/res/session-$L-gpu.log 2>&1; echo "session $L rc=$? wall=$(( $(date +%s) - s ))" >> /tmp/res/summary.txt
  cp /tmp/ss-$L/$L/report.json /tmp/res/session-$L-gpu.json 2>/dev/null
done
for L in ${LESSONS:-lesson05-row-sum lesson06-mean-var lesson07-softmax}; do
  s=$(date +%s); python3 -m autograder grade $L --submissions examples/submissions --out /tmp/g-$L --backend cuda --jobs 7 --seed 5 > /tmp/res/examples-$L-cuda.log 2>&1; echo "examples $L rc=$? wall=$(( $(date +%s) - s ))" >> /tmp/res/summary.txt
  cp /tmp/g-$L/results.json /tmp/res/examples-$L-cuda-results.json 2>/dev/null
done
cat /tmp/res/summary.txt; tail -12 /tmp/res/examples-*-cuda.log
tar -C /tmp/res -czf $OUT/results.tar.gz .
