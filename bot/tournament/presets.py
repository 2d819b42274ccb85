"""Competition presets: each sheet's competition as written (RULES §5), by name.

`/cup new <name> preset=<preset> [key=value …]` starts from a preset's settings; anything
typed after it overrides them. Each preset names the sheet it comes from (in
`../shared/seeds/`, quoted in docs/rules.md) and gives that sheet's format in this module's
settings words (bot.tournament.config.parse_settings).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import PaijuError
from bot.games import registry


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of competition settings and the sheet they come from."""

    name: str
    sheet: str  # the sheet's own title
    settings: tuple[tuple[str, str], ...]


PRESETS: dict[str, Preset] = {p.name: p for p in (
    # 三人斗地主比赛规则 (篇一): 第一、二轮为9局制，每组积分最高者和轮空者晋级；第三轮为18局制分上下
    # 两个回合，两个回合均抽签分组，每个回合9局，总积分将决定名次。
    Preset("three_rounds", "三人斗地主比赛规则 · 赛制 (篇一)",
           (("stages", "3"), ("hands", "9"), ("advance", "1"), ("final_hands", "18"),
            ("halves", "2"))),
    # 三人斗地主比赛规则 (单淘汰制): 初赛每组共打十局…分数最高的9人进入复赛…三局决胜; 复赛…分数最高
    # 的3人进入决赛; 决赛共打十局…如后两人分数相同，则并列第二名…加赛三局; 第一局采用抽签决定先叫分
    # 者，第二局开始采用按抓牌的顺序轮流先叫分。
    Preset("knockout", "三人斗地主比赛规则 · 单淘汰制",
           (("format", "overall"), ("quotas", "9,3"), ("hands", "10"), ("tie_hands", "3"),
            ("final_ties", "share"), ("first_bidder", "rotate"))),
    # 斗地主比赛竞赛规则 (篇二): 初赛、复赛、决赛均进行十局比赛; 每人基础积分30分，每队积分高者晋级;
    # 积分相同者，则再进行五局加赛; 复赛…若积分相同，则按初赛积分高者晋级; 决赛…若有积分相同，则按复赛
    # 积分高者名次列前。
    Preset("qq_rounds", "斗地主比赛竞赛规则 (篇二)",
           (("stages", "3"), ("hands", "10"), ("base", "30"), ("advance", "1"),
            ("tie_hands", "5"), ("ties", "earlier_stage"))),
    # 斗地主比赛方案 2.2: 比赛采用多局制，每个参赛者都有机会扮演地主和农民的角色。比赛的胜负结果
    # 根据每个参赛者获得的胜利局数来决定 (2.1: 拍地主…随机选取: the lot, then in turn; 3.3: the
    # landlord names the stake, a farmer who does not follow concedes).
    Preset("wins", "斗地主比赛方案 · 2.2 多局比赛",
           (("scoring", "wins"), ("bidding", "landlord_names"), ("first_bidder", "rotate"))),
    # 斗地主比赛方案 4.1 积分规则 / 4.2 总积分排名 (the same sheet's 2.2: everyone a landlord;
    # 3.3: 地主拥有先叫分的权利…农民可以选择跟随或者不跟).
    Preset("activity", "斗地主比赛方案 · 4 比赛计分",
           (("scoring", "activity"), ("bidding", "landlord_names"),
            ("first_bidder", "rotate"))),
    # 斗地主比赛策划方案: 地主获胜得 2 分，农民获胜各得 1 分…每有一个炸弹积分翻倍; 初赛/复赛 积分前若干
    # 名晋级; 决赛：采用单循环赛制，积分最高者为冠军; 优秀奖若干.
    Preset("round_robin", "斗地主比赛策划方案",
           (("win_points", "on"), ("format", "overall"), ("final", "round_robin"),
            ("final_size", "9"), ("merit", "3"))),
    # 工会斗地主比赛方案 3.3: 第一轮…15分钟…第二轮：半决赛，游戏时间设定20分钟…决赛：游戏时间为25分钟.
    Preset("timed_rounds", "工会斗地主比赛方案 · 3.3 比赛阶段",
           (("stages", "3"), ("times", "15,20,25"), ("hands", "none"))),
    # 工会斗地主比赛方案 (三、比赛规则): 每个参赛队伍由3名员工组成…每支队伍进行两两对决…每场比赛由两局
    # 组成…胜局得2分，平局各得1分，负局不得分…每支队伍有2次加倍的机会.
    Preset("team_league", "工会斗地主比赛方案 · 三、比赛规则", (("format", "league"),)),
    # 斗地主比赛规则2 (篇三): 每三个人一组(抽签决定分组),每组打三局; 如果前两家不叫，第三家叫分不得少于
    # 2分; 如果庄家连续两局不叫…庄家扣4分; 之后的叫牌者按顺序轮流依次先叫分.
    Preset("three_hands", "斗地主比赛规则2 (篇三)",
           (("hands", "3"), ("last_bidder_min_two", "on"), ("no_bid_penalty", "on"),
            ("first_bidder", "rotate"))),
    # 三人斗地主比赛规则 (单淘汰制, 计分规则及名次): 30分/30分钟为一局，
    # 先得30分者或时间到分数最多者胜出，出现平分加赛一局直至决出一个最高分…
    # 决赛决出第一名后，另二人按分数排列二、三名，分数相同时，并列第二名.
    Preset("first_to_30", "三人斗地主比赛规则 · 30分/30分钟",
           (("scoring", "first_to"), ("target", "30"), ("time", "30"), ("tie_hands", "1"),
            ("final_ties", "share"))),
    # 关于3人斗地主比赛规则: 组队后每人发给15颗豆子，在规定时间内(一小时)
    # 进行斗地主比赛…获得豆子数量最多者获胜…其中一人自己拥有的豆子已经输完，
    # 那么整个对结束比赛.
    Preset("beans_hour", "关于3人斗地主比赛规则 · 15颗豆子一小时",
           (("scoring", "beans"), ("beans", "15"), ("time", "60"))),
    # 斗地主比赛规则 (十局为一个小节): 每三个人一组，每组打完十局为一个小节…
    # 获胜方可进入下一轮比赛，若成绩相同可加赛一局决定获胜方; 首局先翻出一张明牌;
    # 如果前两家不叫，第三家叫分不得少于2分…连续三把无人叫牌.
    Preset("ten_hands", "斗地主比赛规则 · 十局为一个小节",
           (("hands", "10"), ("tie_hands", "1"), ("last_bidder_min_two", "on"),
            ("no_bid_penalty", "on"), ("first_bidder", "face_up_once"))),
    # 复式赛 (issue 38): duplicate deals for human groups — the same deals at several tables
    # with the seats rotated, each result scored against the other tables' on the same deal.
    Preset("duplicate", "复式赛 · 同牌对比", (("format", "duplicate"), ("hands", "6"))),

)}


def all_presets() -> dict[str, Preset]:
    """The sheets' presets and those the games bring (`GameModule.cup_presets`: a game's own
    competition text, its settings naming the game)."""
    found = dict(PRESETS)
    for record in registry.modules():
        for name, sheet, settings in record.cup_presets:
            found[name] = Preset(name, sheet, (("game", record.name), *settings))
    return found


def preset(name: str) -> Preset:
    """A preset by name; PaijuError naming the known ones otherwise."""
    known = all_presets()
    found = known.get(name.strip().lower().replace("-", "_"))
    if found is None:
        raise PaijuError("cup.err.bad_preset", preset=name, presets=", ".join(known))
    return found
