# One GPU call (device tool): lessons 6/7 run as a student on CUDA, a cold/warm Triton cache probe on lesson 5,
# nbgrader start-up time, and lessons 6/7 examples graded on CUDA. Results: benchmarks/results/gpu-run-<date>/.
python3 -m pip install -q --no-index --no-deps --no-cache-dir --upgrade --target /tmp/site "${WHEELS:-.whl}"/*.whl && rm -rf /tmp/site/nbgrader/tests && for J in "$(python3 -c 'import sys;print(sys.prefix)')/share/jupyter" /usr/local/share/jupyter; do mkdir -p "$J" 2>/dev/null && cp -r /tmp/site/share/jupyter/nbconvert "$J/" && break; done && export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH || exit
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt
python3 -c "import torch,triton,sys;print(sys.version.split()[0],torch.__version__,triton.__version__)" >> $OUT/device.txt
for L in lesson06-mean-var lesson07-softmax; do
  s=$(date +%s.%N); python3 tests/student_session.py $L /tmp/ss-$L --cell 'hint("other", 4)' > $OUT/session-$L.log 2>&1; echo "$L rc=$? wall=$(python3 -c "print(round($(date +%s.%N)-$s,1))")" >> $OUT/summary.txt
  cp /tmp/ss-$L/$L/report.json $OUT/session-$L.json
done
for R in cold warm; do
  s=$(date +%s.%N); TRITON_CACHE_DIR=/tmp/tcache python3 tests/student_session.py lesson05-row-sum /tmp/tc-$R > $OUT/cache-$R.log 2>&1; echo "cache-$R rc=$? wall=$(python3 -c "print(round($(date +%s.%N)-$s,1))")" >> $OUT/summary.txt
  cp /tmp/tc-$R/lesson05-row-sum/report.json $OUT/cache-$R.json
done
du -sh /tmp/tcache >> $OUT/summary.txt; find /tmp/tcache -name '*.json' -not -name '__grp*' | wc -l >> $OUT/summary.txt
for i in 1 2 3; do s=$(date +%s.%N); python3 -m nbgrader --version >/dev/null 2>&1; echo "nbgrader-start $(python3 -c "print(round($(date +%s.%N)-$s,2))")" >> $OUT/summary.txt; done
for L in lesson06-mean-var lesson07-softmax; do
  s=$(date +%s.%N); python3 -m autograder grade $L --submissions examples/submissions --out /tmp/g-$L --backend cuda --jobs 7 --seed 5 > $OUT/grade-$L.log 2>&1; echo "grade-$L rc=$? wall=$(python3 -c "print(round($(date +%s.%N)-$s,1))")" >> $OUT/summary.txt
  cp /tmp/g-$L/results.json $OUT/grade-$L-results.json 2>/dev/null; cp /tmp/g-$L/*.csv $OUT/ 2>/dev/null
done
cat $OUT/summary.txt
