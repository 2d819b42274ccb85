"""The strong 斗地主 AI (ai_level=strong): its reasons, and the puzzle solver's refusals."""

MESSAGES = {
    "ddz.why.search": {"en": "this wins most often over the hands the others can hold",
                       "zh": "按对手可能的手牌推演，这样出赢面最大"},
    "ddz.why.puzzle_win": {"en": "a forced win: this line wins whatever the other side does",
                           "zh": "必胜：按此路线出，对方怎么出都赢"},
    "ddz.why.puzzle_lost": {"en": "no forced win: best play by the other side wins",
                            "zh": "没有必胜路线：对方正确应对即可获胜"},
    "ddz.why.puzzle_unknown": {"en": "too deep to solve within the search budget",
                               "zh": "局面太复杂，搜索预算内未能解出"},
}
