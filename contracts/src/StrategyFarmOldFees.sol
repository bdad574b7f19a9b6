// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BeefyFeeLog} from "./BeefyFeeLog.sol";
import {FeeCategory, StrategyFarmBase} from "./StrategyFarmBase.sol";

/// @notice The reference strategy reporting its fees as Beefy's 2022 strategies (StratFeeManager)
///         do: `getFees()` for the performance fee, `withdrawalFee()` over `WITHDRAWAL_MAX()`, and
///         no `getAllFees()`; its harvests and fees logged as theirs are (BeefyFeeLog).
contract StrategyFarmOldFees is BeefyFeeLog {
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

    /// @notice The performance fee as StratFeeManager's `getFees()` gives it: ONE FeeCategory
    ///         struct, whose ABI output is a single tuple behind a head offset (it holds a
    ///         string), not six separate values. `total` a share of each harvest (1e18 = all of
    ///         it); `beefy`, `call` and `strategist` shares of that total on the same scale.
    function getFees() external pure returns (FeeCategory memory) {
        uint256 call = (CALL_FEE_BPS * 1e18) / HARVEST_FEE_BPS;
        return FeeCategory((HARVEST_FEE_BPS * 1e18) / BPS, 1e18 - call, call, 0, "devnet", true);
    }
}
