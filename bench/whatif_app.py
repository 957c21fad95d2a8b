"""What-if application for bench/service_load.py: the service without its marshmallow schema pass.

Not a fix (the service is not ours to change): a measurement of what skipping the schema for logs the
engine reads without a problem would buy. ``service_load.py --what-if-no-schema`` serves this app.
"""

from __future__ import annotations

from referee.service import api, create_app

api.check_log = lambda document: None  # read_log still checks the form; only the schema pass is skipped

app = create_app()
