// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StrategyFarmBase} from "./StrategyFarmBase.sol";

/// @notice A strategy that logs its harvests as Beefy's strategies do (2021 on): one
///         `StratHarvest(harvester, wantHarvested, tvl)` after a harvest that sold a reward, the
///         want it made before staking it and the strategy's whole want after; a harvest that
///         found nothing logs nothing and leaves `lastHarvest` as it was.
abstract contract BeefyHarvestLog is StrategyFarmBase {
    event StratHarvest(address indexed harvester, uint256 wantHarvested, uint256 tvl);

    function _harvestedNothing() internal pure override {}

    function _harvested(uint256, uint256, uint256, uint256 wantHarvested) internal override {
        emit StratHarvest(msg.sender, wantHarvested, balanceOf());
    }
}
