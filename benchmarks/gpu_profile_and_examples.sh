# One GPU call (device tool): N lesson-5 submissions graded on CUDA with the per-phase profile (and the first K
# again with --jobs 1), then the example submissions of every lesson (or $LESSONS) graded on CUDA.
# Results land in $OUT/results.tar.gz; unpack them into benchmarks/results/.
python3 -m pip install -q --no-index --no-deps --no-cache-dir --upgrade --target /tmp/site "${WHEELS:-.whl}"/*.whl && rm -rf /tmp/site/nbgrader/tests && for J in "$(python3 -c 'import sys;print(sys.prefix)')/share/jupyter" /usr/local/share/jupyter; do mkdir -p "$J" 2>/dev/null && cp -r /tmp/site/share/jupyter/nbconvert "$J/" && break; done && export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH || exit
mkdir -p /tmp/res
s=$(date +%s); python3 benchmarks/class_grading.py --n "${N:-64}" --jobs 16 --backend cuda --serial-sample "${K:-0}" --no-baseline ${EXTRA:-} --tag="${TAG:--h200}" > /tmp/res/class-grading.log 2>&1; echo "class grading rc=$? wall=$(( $(date +%s) - s ))" >> /tmp/res/summary.txt
cp benchmarks/results/class-grading-cuda-* /tmp/res/ 2>/dev/null
[ -n "$SKIP_EXAMPLES" ] || for L in ${LESSONS:-lesson05-row-sum lesson06-mean-var lesson07-softmax}; do
  s=$(date +%s); python3 -m autograder grade $L --submissions examples/submissions --out /tmp/g-$L --backend cuda --jobs 7 --seed 5 > /tmp/res/examples-$L-cuda.log 2>&1; echo "examples $L rc=$? wall=$(( $(date +%s) - s ))" >> /tmp/res/summary.txt
  cp /tmp/g-$L/results.json /tmp/res/examples-$L-cuda-results.json 2>/dev/null
done
tail -c 2500 /tmp/res/class-grading.log; cat /tmp/res/summary.txt; tail -12 /tmp/res/examples-*-cuda.log
tar -C /tmp/res -czf $OUT/results.tar.gz .
