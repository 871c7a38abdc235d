import sys

from dealer_trainer.rules.cli import main

sys.exit(main())
