"""`python -m ttr_nb`: the command line (see `ttr_nb.cli`)."""
import sys

from .cli import main

sys.exit(main())
