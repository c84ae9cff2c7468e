#include "io/mappingguard.h"

#include "io/platform.h"

#include <atomic>
#include <csignal>
#include <mutex>

namespace moji {
namespace {

struct Slot {
    std::atomic<std::uintptr_t> base{0};
    std::atomic<std::size_t> length{0};
    std::atomic<bool> faulted{false};
    std::atomic<int> signalCode{0};
    std::atomic<std::uint64_t> offset{0};
};

Slot gSlots[MappingGuard::kMaxMappings];
struct sigaction gPreviousAction;
std::once_flag gInstalled;
std::mutex gSlotMutex;
// Read once before the handler is installed: sysconf is not async-signal-safe.
std::size_t gPageSize = 0;

// Async-signal-safe: lock-free atomics and one system call.
void onSigbus(int signal, siginfo_t* info, void* context) {
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (Slot& slot : gSlots) {
        const std::uintptr_t base = slot.base.load(std::memory_order_acquire);
        if (base == 0 || address < base || address - base >= slot.length.load())
            continue;
        void* pageStart = reinterpret_cast<void*>(address & ~(gPageSize - 1));
        if (platform::replaceWithZeroPage(pageStart, gPageSize)) {
            if (!slot.faulted.load()) {
                slot.signalCode.store(info->si_code);
                slot.offset.store(address - base);
                slot.faulted.store(true, std::memory_order_release);
            }
            return;
        }
    }
    // Not ours: behave as if we had never been installed.
    if (gPreviousAction.sa_flags & SA_SIGINFO) {
        gPreviousAction.sa_sigaction(signal, info, context);
        return;
    }
    if (gPreviousAction.sa_handler != SIG_DFL && gPreviousAction.sa_handler != SIG_IGN) {
        gPreviousAction.sa_handler(signal);
        return;
    }
    std::signal(SIGBUS, SIG_DFL);
    std::raise(SIGBUS);
}

void install() {
    gPageSize = platform::pageSize();
    struct sigaction action = {};
    action.sa_sigaction = onSigbus;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &gPreviousAction);
}

} // namespace

int MappingGuard::guard(const void* base, std::size_t length) {
    std::call_once(gInstalled, install);
    std::lock_guard lock(gSlotMutex);
    for (int i = 0; i < kMaxMappings; ++i) {
        if (gSlots[i].base.load() == 0) {
            gSlots[i].faulted.store(false);
            gSlots[i].signalCode.store(0);
            gSlots[i].offset.store(0);
            gSlots[i].length.store(length);
            gSlots[i].base.store(reinterpret_cast<std::uintptr_t>(base), std::memory_order_release);
            return i;
        }
    }
    return -1;
}

void MappingGuard::release(int slot) {
    if (slot < 0)
        return;
    std::lock_guard lock(gSlotMutex);
    gSlots[slot].base.store(0, std::memory_order_release);
    gSlots[slot].length.store(0);
}

bool MappingGuard::faulted(int slot) {
    return slot >= 0 && gSlots[slot].faulted.load(std::memory_order_acquire);
}

std::optional<MappingGuard::Fault> MappingGuard::fault(int slot) {
    if (!faulted(slot))
        return std::nullopt;
    return Fault{gSlots[slot].signalCode.load(), gSlots[slot].offset.load()};
}

MappingGuard::Cause MappingGuard::classify(const Fault& fault, std::optional<std::uint64_t> sizeNow,
                                           std::size_t pageSize) {
    const std::uint64_t pageStart = fault.offset & ~(std::uint64_t(pageSize) - 1);
    if (fault.signalCode == BUS_ADRERR && sizeNow && pageStart >= *sizeNow)
        return Cause::Truncated;
    return Cause::ReadError;
}

} // namespace moji
