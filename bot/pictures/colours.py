"""The colours of the card art (one place: the PNG palette is built from them)."""

from __future__ import annotations

RGB = tuple[int, int, int]

RED: RGB = (200, 30, 40)
BLACK: RGB = (25, 25, 30)
WHITE: RGB = (255, 255, 255)
EDGE: RGB = (120, 120, 130)
GOLD: RGB = (214, 160, 30)
FACE_TINT: dict[str, RGB] = {"J": (236, 244, 255), "Q": (255, 240, 246), "K": (255, 247, 224)}
BACK: RGB = (40, 80, 160)
BACK_LINE: RGB = (90, 130, 210)

FELT: RGB = (28, 104, 64)  # the table's green
INK: RGB = (245, 245, 240)  # text on the felt
ROW: RGB = (20, 84, 50)  # a seat's row on the result card
GROUP_EDGE: RGB = (120, 180, 140)  # the frame of a 田忌 group
WIN: RGB = (60, 200, 110)
LOSS: RGB = (235, 90, 80)
CHIP: RGB = (230, 230, 220)
CHIP_INK: RGB = (30, 30, 30)
# A result card's band and role chips: each side's colour (the game says which of its roles
# is on which side: `GamePictures.role_bands`), and the neutral one for any other role.
SIDE_BANDS: tuple[RGB, ...] = ((150, 40, 40), (40, 70, 150))
NEUTRAL_BAND: RGB = (70, 70, 80)

TEXT_ON: tuple[tuple[RGB, RGB], ...] = (
    # (text, background) pairs drawn somewhere: their anti-aliased blends need colours too
    (INK, FELT), (INK, ROW), (WIN, ROW), (LOSS, ROW), (CHIP_INK, CHIP), (CHIP_INK, GOLD),
    *((INK, band) for band in (*SIDE_BANDS, NEUTRAL_BAND)),
)
