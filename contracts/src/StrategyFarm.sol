// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AllFees, StrategyFarmBase} from "./StrategyFarmBase.sol";

/// @notice The reference strategy, behind the devnet's ERC-4626 vaults: its fees reported as
///         Beefy's current strategies report theirs (`getAllFees()`), its harvests logged in its
///         own `Harvested` event, which also names the call fee.
contract StrategyFarm is StrategyFarmBase {
    constructor(
        address want_,
        address farm_,
        address router_,
        address feeRecipient_,
        bool wantIsLp_,
        address[] memory toWantRoute,
        address[] memory toLp1Route,
        uint256 withdrawalFee_
    ) StrategyFarmBase(want_, farm_, router_, feeRecipient_, wantIsLp_, toWantRoute, toLp1Route, withdrawalFee_) {}

    function getAllFees() external view returns (AllFees memory) {
        return _allFees();
    }
}
