#include "decode/streamdecoder.h"

#include "decode/sequencereader.h"
#include "decode/utf8automaton.h"

#include <algorithm>
#include <cassert>

namespace moji {

void StreamDecoder::emit(Sequence unit, SequenceSink& sink) {
    unit.offset = mOffset;
    mOffset += unit.length;
    sink.sequence(unit);
}

void StreamDecoder::extendRun(std::span<const std::uint8_t>& chunk, SequenceSink& sink) {
    if (mRunLength == 0)
        return;
    std::size_t taken = 0;
    while (taken < chunk.size() && utf8::isContinuation(chunk[taken]) &&
           mRunLength < kMaxRunLength) {
        ++taken;
        ++mRunLength;
    }
    chunk = chunk.subspan(taken);
    if (chunk.empty() && mRunLength < kMaxRunLength)
        return;
    const auto length = static_cast<std::uint32_t>(mRunLength);
    mRunLength = 0;
    emit({0, length, 0, length, SequenceKind::UnexpectedContinuation}, sink);
}

void StreamDecoder::feedPending(std::span<const std::uint8_t>& chunk, SequenceSink& sink) {
    while (mPendingCount > 0) {
        std::array<std::uint8_t, 12> joined{};
        std::copy_n(mPending.begin(), mPendingCount, joined.begin());
        const std::size_t extra = std::min<std::size_t>(chunk.size(), 6);
        std::copy_n(chunk.begin(), extra, joined.begin() + mPendingCount);
        const std::size_t size = mPendingCount + extra;
        const Sequence unit = readSequence(joined.data(), size, false);
        if (unit.length == 0) {
            assert(size < mPending.size() && extra == chunk.size());
            std::copy_n(chunk.begin(), extra, mPending.begin() + mPendingCount);
            mPendingCount = static_cast<std::uint8_t>(size);
            chunk = {};
            return;
        }
        emit(unit, sink);
        if (unit.length >= mPendingCount) {
            chunk = chunk.subspan(unit.length - mPendingCount);
            mPendingCount = 0;
        } else {
            std::copy(mPending.begin() + unit.length, mPending.begin() + mPendingCount,
                      mPending.begin());
            mPendingCount = static_cast<std::uint8_t>(mPendingCount - unit.length);
            assert(!utf8::isContinuation(mPending[0]));
        }
    }
}

void StreamDecoder::feed(std::span<const std::uint8_t> chunk, SequenceSink& sink) {
    extendRun(chunk, sink);
    if (mRunLength > 0)
        return;
    feedPending(chunk, sink);
    if (mPendingCount > 0)
        return;
    std::size_t at = 0;
    while (at < chunk.size()) {
        const Sequence unit = readSequence(chunk.data() + at, chunk.size() - at, false);
        if (unit.length == 0) {
            const std::size_t rest = chunk.size() - at;
            if (utf8::isContinuation(chunk[at])) {
                mRunLength = rest;
            } else {
                std::copy_n(chunk.begin() + at, rest, mPending.begin());
                mPendingCount = static_cast<std::uint8_t>(rest);
            }
            return;
        }
        emit(unit, sink);
        at += unit.length;
    }
}

void StreamDecoder::finish(SequenceSink& sink) {
    if (mRunLength > 0) {
        const auto length = static_cast<std::uint32_t>(mRunLength);
        mRunLength = 0;
        emit({0, length, 0, length, SequenceKind::UnexpectedContinuation}, sink);
    }
    while (mPendingCount > 0) {
        const Sequence unit = readSequence(mPending.data(), mPendingCount, true);
        emit(unit, sink);
        std::copy(mPending.begin() + unit.length, mPending.begin() + mPendingCount,
                  mPending.begin());
        mPendingCount = static_cast<std::uint8_t>(mPendingCount - unit.length);
    }
    *this = StreamDecoder{};
}

} // namespace moji
