// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Chainlink AggregatorV3Interface-style feed whose answer the owner posts.
contract PriceFeed is Ownable {
    struct Round {
        int256 answer;
        uint256 startedAt;
        uint256 updatedAt;
    }

    uint8 public immutable decimals;
    string public description;
    uint256 public constant version = 4;
    uint80 public latestRound;
    mapping(uint80 => Round) private _rounds;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    error NoDataPresent(uint80 roundId);

    constructor(uint8 decimals_, string memory description_, int256 initialAnswer) Ownable(msg.sender) {
        decimals = decimals_;
        description = description_;
        _post(initialAnswer, block.timestamp);
    }

    /// @notice Posts a new answer (feed decimals) stamped with the current block time.
    function updateAnswer(int256 answer) external onlyOwner {
        _post(answer, block.timestamp);
    }

    /// @notice Posts an answer with an arbitrary `updatedAt` (unix seconds), so tests can make a feed stale.
    function setRoundData(int256 answer, uint256 updatedAt) external onlyOwner {
        _post(answer, updatedAt);
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return getRoundData(latestRound);
    }

    function getRoundData(uint80 roundId) public view returns (uint80, int256, uint256, uint256, uint80) {
        Round memory r = _rounds[roundId];
        if (r.updatedAt == 0) revert NoDataPresent(roundId);
        return (roundId, r.answer, r.startedAt, r.updatedAt, roundId);
    }

    function latestAnswer() external view returns (int256) {
        return _rounds[latestRound].answer;
    }

    function _post(int256 answer, uint256 updatedAt) private {
        latestRound += 1;
        _rounds[latestRound] = Round(answer, updatedAt, updatedAt);
        emit AnswerUpdated(answer, latestRound, updatedAt);
    }
}
