// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Emits ERC-20 Transfer events in bulk, for the index benchmark's million logs: it
/// stands in the registry for a vault whose shares change hands, and holds nothing.
contract LogBurst {
    event Transfer(address indexed from, address indexed to, uint256 value);

    uint256 public emitted;

    /// @notice Emits `count` transfers between distinct accounts (never the zero address).
    function burst(uint256 count) external {
        uint256 first = emitted;
        for (uint256 i = 0; i < count; ++i) {
            uint256 n = first + i;
            emit Transfer(address(uint160(n + 1)), address(uint160(n + 2)), n);
        }
        emitted = first + count;
    }
}
