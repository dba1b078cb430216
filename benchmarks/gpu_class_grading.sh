# One GPU call (device tool): 200 lesson-5 submissions graded on CUDA with --jobs 16, the first 16 again
# with --jobs 1 (same grades?), and lesson 6 run as a student on CUDA with its log.
# Results land in $OUT/results.tar.gz; unpack them into benchmarks/results/.
python3 -m pip install -q --no-index --no-deps --no-cache-dir --upgrade --target /tmp/site "${WHEELS:-.whl}"/*.whl && rm -rf /tmp/site/nbgrader/tests && for J in "$(python3 -c 'import sys;print(sys.prefix)')/share/jupyter" /usr/local/share/jupyter; do mkdir -p "$J" 2>/dev/null && cp -r /tmp/site/share/jupyter/nbconvert "$J/" && break; done && export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH || exit
mkdir -p /tmp/res
python3 tests/student_session.py lesson06-mean-var /tmp/ss6 > /tmp/res/session-lesson06-gpu.log 2>&1; echo "lesson06 session rc=$?" >> /tmp/res/summary.txt
cp /tmp/ss6/lesson06-mean-var/report.json /tmp/res/session-lesson06-gpu.json 2>/dev/null
s=$(date +%s); python3 benchmarks/class_grading.py --n "${N:-200}" --jobs 16 --backend cuda --serial-sample "${K:-16}" --no-baseline --tag="${TAG:-}" > /tmp/res/class-grading.log 2>&1; echo "class grading rc=$? wall=$(( $(date +%s) - s ))" >> /tmp/res/summary.txt
cp benchmarks/results/class-grading-cuda-* /tmp/res/ 2>/dev/null
tail -c 3000 /tmp/res/class-grading.log; cat /tmp/res/summary.txt
tar -C /tmp/res -czf $OUT/results.tar.gz .
