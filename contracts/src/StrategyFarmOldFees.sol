// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StrategyFarmBase} from "./StrategyFarmBase.sol";

/// @notice The reference strategy reporting its fees as Beefy's earlier strategies (StratFeeManager)
///         do: `getFees()` for the performance fee, `withdrawalFee()` over `WITHDRAWAL_MAX()`, and
///         no `getAllFees()`.
contract StrategyFarmOldFees is StrategyFarmBase {
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

    /// @notice The performance fee as StratFeeManager's `getFees()` gives it: `total` a share of
    ///         each harvest (1e18 = all of it); `beefy`, `call` and `strategist` shares of that
    ///         total on the same scale; the fee's label and whether it is active.
    function getFees()
        external
        pure
        returns (uint256 total, uint256 beefy, uint256 call, uint256 strategist, string memory label, bool active)
    {
        call = (CALL_FEE_BPS * 1e18) / HARVEST_FEE_BPS;
        return ((HARVEST_FEE_BPS * 1e18) / BPS, 1e18 - call, call, 0, "devnet", true);
    }
}
