"""Standard xiangqi on Discord: everything is the default but its review."""

from .. import VariantTable, register_table


@register_table
class XiangqiTable(VariantTable):
    variants = ("xiangqi",)
    reviewed = ("xiangqi",)
