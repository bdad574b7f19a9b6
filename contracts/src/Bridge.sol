// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice Lock box of one token; the value locked is simply its token balance.
contract Bridge {
    using SafeERC20 for IERC20;

    address public immutable token;

    event Locked(address indexed from, uint256 amount, uint256 destinationChainId);

    error ZeroAmount();

    constructor(address token_) {
        token = token_;
    }

    /// @notice Locks `amount` (token units) to be released on `destinationChainId`.
    function lock(uint256 amount, uint256 destinationChainId) external {
        if (amount == 0) revert ZeroAmount();
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        emit Locked(msg.sender, amount, destinationChainId);
    }
}
