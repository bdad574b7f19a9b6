// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BeefyFeeLog} from "./BeefyFeeLog.sol";
import {AllFees, StrategyFarmBase} from "./StrategyFarmBase.sol";

/// @notice The strategy of the devnet's Beefy vaults in the current shape, as Beefy's current
///         strategies are: its fees reported by `getAllFees()`, its harvests and fees logged as
///         theirs are (BeefyFeeLog, BeefyHarvestLog).
contract StrategyFarmBeefy is BeefyFeeLog {
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
