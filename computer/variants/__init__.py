"""The computer's plug-ins of the variants, one module each.

Importing this package imports every module in it, and each registers its
plug-in (:func:`computer.plugin.register`).
"""

from importlib import import_module
from pkgutil import iter_modules

for _found in iter_modules(__path__):
    import_module(f"{__name__}.{_found.name}")
