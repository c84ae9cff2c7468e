#include "io/mappingguard.h"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace moji {
namespace {

struct Slot {
    std::atomic<std::uintptr_t> base{0};
    std::atomic<std::size_t> length{0};
    std::atomic<bool> faulted{false};
};

Slot gSlots[MappingGuard::kMaxMappings];
struct sigaction gPreviousAction;
std::once_flag gInstalled;
std::mutex gSlotMutex;

void onSigbus(int signal, siginfo_t* info, void* context) {
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (Slot& slot : gSlots) {
        const std::uintptr_t base = slot.base.load(std::memory_order_acquire);
        if (base == 0 || address < base || address - base >= slot.length.load())
            continue;
        const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
        void* pageStart = reinterpret_cast<void*>(address & ~(page - 1));
        // mmap is a plain system call on Linux and safe here in practice.
        if (mmap(pageStart, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
            MAP_FAILED) {
            slot.faulted.store(true);
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
    return slot >= 0 && gSlots[slot].faulted.load();
}

} // namespace moji
