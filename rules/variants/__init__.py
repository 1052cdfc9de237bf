"""The variants beyond standard xiangqi, one package each.

Importing this package imports every package in it, and each registers its
game (:func:`rules.variant.register`), so shared code finds a variant by its
name and never imports it by name.
"""

from importlib import import_module
from pkgutil import iter_modules

for _found in iter_modules(__path__):
    import_module(f"{__name__}.{_found.name}")
