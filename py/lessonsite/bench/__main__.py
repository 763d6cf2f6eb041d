"""`python -m lessonsite.bench`: the same as `python build.py bench`."""

import sys

from .report import main

sys.exit(main())
