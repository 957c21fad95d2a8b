"""``referee serve`` with the engine replaced by one canned verdict: what the service costs on its own.

    .venv/bin/python bench/serve_without_engine.py --port 8000 [--workers 2] [--threads 2] [--read-timeout 10]

For ``bench/service_load.py --server referee-without-engine`` only: every request goes through the whole
service — HTTP, the body read, parsed and checked, the verdict's JSON, the access log — except
:func:`referee.judge`, which returns the verdict of the corpus's first game (legal) without replaying
anything. Its CPU per request beside the real server's splits that figure into engine and service,
measured in the same processes under the same load.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus_lines

import referee
from referee.service.serve import serve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--read-timeout", type=float, default=10.0)
    args = parser.parse_args()
    canned = referee.judge(json.loads(corpus_lines(200, 1)[0]))
    referee.judge = lambda document: canned  # the service calls the engine through this attribute
    serve(host=args.host, port=args.port, workers=args.workers, threads=args.threads,
          config={"REFEREE_READ_TIMEOUT": args.read_timeout})


if __name__ == "__main__":
    main()
