# One GPU call (device tool), run from a `git archive` of the commit under test (see the results README):
# N lesson-5 submissions graded on CUDA with --jobs 16, first without executed notebooks (and K of them
# again with --jobs 1: the same grades?), then with every notebook executed by nbgrader; with EXAMPLES=1,
# then the example submissions of every lesson graded on CUDA. Results land in $OUT/results.tar.gz.
export WHEELS="${WHEELS:-.whl-slim}"
N="${N:-200}" K="${K:-12}" EXTRA=--no-execute SKIP_EXAMPLES=1 TAG=-h200-no-execute bash benchmarks/gpu_profile_and_examples.sh
N="${N:-200}" K=0 EXTRA= SKIP_EXAMPLES=$([ -n "$EXAMPLES" ] || echo 1) TAG=-h200-executed bash benchmarks/gpu_profile_and_examples.sh
