"""The drill screens' style sheet: large readable type, clear right/wrong colours."""

from __future__ import annotations

DRILL_STYLE = """
#drillScreen { background: #f4f1ea; }
QLabel { color: #1d1d1d; font-size: 15px; }
#modeBadge { background: #0f5a3c; color: #ffffff; border-radius: 6px; padding: 3px 10px;
             font-weight: 600; }
#skillTitle { font-size: 18px; font-weight: 600; padding-left: 8px; }
#clock { font-size: 22px; font-weight: 700; font-family: monospace; min-width: 64px; }
#clock[urgent="true"] { color: #b3202a; }
#question { font-size: 21px; font-weight: 600; color: #111111; padding: 6px 2px; }
#betList { font-size: 14px; background: #ffffff; border: 1px solid #d0cbbf; border-radius: 6px;
            padding: 6px; }
#hint { background: #fff7d6; border: 1px solid #e6c65c; border-radius: 6px; padding: 6px; }
#questionPanel QPushButton { font-size: 15px; padding: 6px 12px; }
#padKey { font-size: 20px; font-weight: 600; min-height: 42px; }
#amountDisplay { font-size: 26px; font-weight: 700; padding: 6px; }
#primary { background: #0f5a3c; color: #ffffff; border: none; border-radius: 5px;
           font-weight: 700; font-size: 15px; padding: 6px 14px; }
#primary:disabled { background: #9fb8ad; }
#primary:focus { outline: none; border: 2px solid #ffd54a; }
#chipTotal { font-size: 18px; font-weight: 600; }
#answerError { color: #b3202a; }
#muted { color: #5c5c5c; font-size: 13px; }
#questionPanel QListWidget { font-size: 15px; }
#choiceText { font-size: 16px; }
#choice { font-size: 16px; padding: 4px 0; }
#recordError { background: #fde2e1; border: 2px solid #b3202a; border-radius: 6px; }
#feedback { background: #ffffff; border: 2px solid #9e9e9e; border-radius: 8px; }
#feedback[verdict="right"] { border-color: #2e7d32; background: #eef8ef; }
#feedback[verdict="wrong"] { border-color: #b3202a; background: #fdf0ef; }
#feedback[verdict="timeout"] { border-color: #d48806; background: #fff6e5; }
#headline { font-size: 22px; font-weight: 700; }
#rightAnswer { font-size: 17px; font-weight: 600; }
#solution { font-size: 15px; }
#article { text-align: left; }
#summaryHeadline { font-size: 28px; font-weight: 700; }
#verdict { font-size: 20px; font-weight: 700; }
#verdict[passed="true"] { color: #2e7d32; }
#verdict[passed="false"] { color: #b3202a; }
"""
