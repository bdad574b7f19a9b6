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
    ///         string), not six separate values.
    function getFees() external pure returns (FeeCategory memory) {
        return _performanceFees();
    }
}
