export { chainPositions, type ChainPositions, type UserPosition } from './userPositions.js'
export { chainPortfolio } from './userPortfolio.js'
export { chainHistory, type ChainHistory, type UserAction, type UserHistoryEntry } from './userHistory.js'
export { chainPnl, pnlTotals, type ChainPnl, type Figure, type PnlTotals, type PositionPnl, type RewardFigure } from './userPnl.js'
