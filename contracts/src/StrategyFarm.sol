// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FeeCategory, StrategyFarmBase} from "./StrategyFarmBase.sol";

/// @notice The reference strategy reporting its fees as Beefy's current strategies do: `getAllFees()`.
contract StrategyFarm is StrategyFarmBase {
    /// Every fee of the strategy, in the shape of Beefy's `getAllFees()`: deposit and withdraw in
    /// basis points of WITHDRAWAL_MAX.
    struct AllFees {
        FeeCategory performance;
        uint256 deposit;
        uint256 withdraw;
    }

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

    /// @notice This strategy's fees as Beefy's strategies report theirs: the harvest fee as a
    ///         share of the reward, the caller's part and the rest (the fee recipient's) as shares
    ///         of it, no strategist fee, no deposit fee, the withdrawal fee.
    function getAllFees() external view returns (AllFees memory) {
        uint256 call = (CALL_FEE_BPS * 1e18) / HARVEST_FEE_BPS;
        FeeCategory memory performance = FeeCategory((HARVEST_FEE_BPS * 1e18) / BPS, 1e18 - call, call, 0, "devnet", true);
        return AllFees(performance, 0, withdrawalFee);
    }
}
