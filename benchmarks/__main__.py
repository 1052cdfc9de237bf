"""``python -m benchmarks [NAME ...]``: run every ``bench_*`` module and print
``name: value unit`` lines. Each module exposes ``run() -> Iterable[Figure]``.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import benchmarks


def main(argv: list[str]) -> int:
    wanted = set(argv)
    for info in sorted(pkgutil.iter_modules(benchmarks.__path__), key=lambda i: i.name):
        if not info.name.startswith("bench_"):
            continue
        short = info.name.removeprefix("bench_")
        if wanted and short not in wanted:
            continue
        module = importlib.import_module(f"benchmarks.{info.name}")
        for name, value, unit in module.run():
            print(f"{name}: {value:.6g} {unit}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
