"""斗地主 Dou Dizhu: moves (`moves`), the referee (`referee`), the game and its AI."""
