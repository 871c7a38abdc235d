"""Entry point of the frozen app: the same ``main()`` as the ``dealer-trainer`` launcher."""

from __future__ import annotations

import sys

from dealer_trainer.app import main

if __name__ == "__main__":
    sys.exit(main())
