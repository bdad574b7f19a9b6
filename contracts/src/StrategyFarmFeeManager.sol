// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BeefyHarvestLog} from "./BeefyHarvestLog.sol";
import {StrategyFarmBase} from "./StrategyFarmBase.sol";

/// @notice The reference strategy reporting its fees as Beefy's 2021 strategies (FeeManager) do:
///         public `callFee()`, `beefyFee()` and `STRATEGIST_FEE()`, each a share of `MAX_FEE()`
///         (1000) of the performance fee, and `withdrawalFee()` over `WITHDRAWAL_MAX()`; no
///         `getFees()`, no `getAllFees()`. The performance fee itself is fixed inside the harvest
///         and not readable, as those strategies' 45/1000 in `chargeFees` is: whoever lists the
///         vault has to state it. The strategist's part goes to the fee recipient with the
///         treasury's, as the devnet has no strategist of its own. HARVEST_FEE_BPS still holds
///         (45/1000 = 450/10000); CALL_FEE_BPS does not: the caller gets `callFee` of the fee.
///         Its harvests are logged as those strategies log theirs (BeefyHarvestLog), with no
///         `ChargedFees`: 2021's StrategyCommonChefLP emits none (its fees show only as transfers).
contract StrategyFarmFeeManager is BeefyHarvestLog {
    uint256 public constant MAX_FEE = 1000;
    uint256 public constant STRATEGIST_FEE = 112;
    uint256 public constant callFee = 111;
    uint256 public constant beefyFee = MAX_FEE - STRATEGIST_FEE - callFee;
    /// The performance fee of each harvest, of MAX_FEE.
    uint256 internal constant PERFORMANCE_FEE = 45;

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

    function _harvestFees(uint256 reward) internal pure override returns (uint256 fee, uint256 callerPart) {
        fee = (reward * PERFORMANCE_FEE) / MAX_FEE;
        callerPart = (fee * callFee) / MAX_FEE;
    }
}

/// @notice The 2021 shape where the strategy exposes its performance fee: `totalFee()` of
///         `MAX_FEE()`, as Beefy's FeeManager gained it in 2022 (a public `totalFee`).
contract StrategyFarmFeeManagerTotal is StrategyFarmFeeManager {
    uint256 public constant totalFee = PERFORMANCE_FEE;

    constructor(
        address want_,
        address farm_,
        address router_,
        address feeRecipient_,
        bool wantIsLp_,
        address[] memory toWantRoute,
        address[] memory toLp1Route,
        uint256 withdrawalFee_
    ) StrategyFarmFeeManager(want_, farm_, router_, feeRecipient_, wantIsLp_, toWantRoute, toLp1Route, withdrawalFee_) {}
}
