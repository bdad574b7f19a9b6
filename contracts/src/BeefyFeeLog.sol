// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BeefyHarvestLog} from "./BeefyHarvestLog.sol";

/// @notice A strategy that logs its harvests and fees as Beefy's strategies do since the 2022
///         StratFeeManager: besides StratHarvest (BeefyHarvestLog), `ChargedFees(callFees,
///         beefyFees, strategistFees)` once a harvest paid them, the devnet's treasury as Beefy's
///         part and no strategist's.
abstract contract BeefyFeeLog is BeefyHarvestLog {
    event ChargedFees(uint256 callFees, uint256 beefyFees, uint256 strategistFees);

    function _chargedFees(uint256 callFee, uint256 treasuryFee) internal override {
        emit ChargedFees(callFee, treasuryFee, 0);
    }
}
