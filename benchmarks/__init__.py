"""Benchmarks: ``python -m benchmarks`` prints ``name: value unit`` lines."""

Figure = tuple[str, float, str]
