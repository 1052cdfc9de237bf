"""What each variant adds to the drawing, one module each: its extras
(:func:`render.extras.register`) and the sample pictures of its rules page.

:mod:`render.extras` imports every module here when first asked.
"""
