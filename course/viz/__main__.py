"""python -m course.viz [DIR]: regenerate lesson 5's figures (course.viz.files.main)."""

import sys

from course.viz.files import main

sys.exit(main())
