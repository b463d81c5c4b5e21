package org.numaloom.locks.placement;

import java.util.Arrays;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * Which CPU the calling thread runs on, cheaply enough for a lock's slow path.
 *
 * <p>Asking the kernel costs about 100 ns through JNA; a thread that is about to wait for a lock can
 * afford it, but not on every acquisition. So the answer is cached per <em>carrier</em> thread and
 * asked again every {@value #LOOKUPS_PER_REFRESH} look-ups, since the operating system may move a
 * carrier between CPUs. A virtual thread reads the cache of the carrier it is mounted on; caching in
 * the virtual thread itself would be wrong after its next migration.
 *
 * <p>Carriers of the default virtual-thread scheduler are {@link ForkJoinWorkerThread}s; their pool
 * index selects a slot, and the slot remembers its carrier so that a slot reused by another pool
 * or thread refreshes itself. Seeing the carrier needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}.
 * Without it, virtual threads ask the kernel on every look-up (correct, slower) and a warning says
 * so once. Platform threads are their own carriers and keep their cache in a {@link ThreadLocal}.
 *
 * <p>For a virtual thread the answer is a hint: it holds until the thread next parks or yields.
 */
public final class CpuLocator {
    static final int LOOKUPS_PER_REFRESH = 64;

    /** The cached CPU of one carrier. Only threads mounted on that carrier touch it, one at a time. */
    private static final class Hint {
        final Thread carrier;
        int cpu;
        int lookupsLeft;

        Hint(Thread carrier) {
            this.carrier = carrier;
        }

        int cpu() {
            if (--lookupsLeft < 0) {
                cpu = LinuxCpu.currentCpu();
                lookupsLeft = LOOKUPS_PER_REFRESH - 1;
            }
            return cpu;
        }
    }

    private static final ThreadLocal<Hint> PLATFORM_HINTS = ThreadLocal.withInitial(() -> new Hint(Thread.currentThread()));
    private static volatile Hint[] carrierHints = new Hint[16];
    private static volatile boolean warnedBlindToCarriers;

    private CpuLocator() {
    }

    /**
     * The carriers of the default virtual-thread scheduler: its parallelism, which
     * {@code -Djdk.virtualThreadScheduler.parallelism} sets and which is otherwise the number of
     * processors.
     */
    public static int defaultSchedulerCarriers() {
        return Integer.getInteger("jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
    }

    /**
     * Does the one-time work of the look-ups now, in the calling thread: binds the kernel's
     * {@code sched_getcpu} through JNA, finds whether carriers are visible and, if they are not,
     * logs the warning that says so. Locks call it when they are built ({@code NodeLocator},
     * {@code Hierarchy}), because their first look-ups come from the first contended acquisitions,
     * often many virtual threads at once, and a virtual thread that runs a class initializer, or
     * waits for another thread's, keeps its carrier. Done there, JNA's and the JDK's logging
     * set-up once held every carrier of a JVM: one contender initialized the binding and waited
     * for a logging monitor held by an unmounted contender that was logging the warning, while
     * another waited for the binding on the other carrier. Cheap after the first call.
     */
    public static void prepare() {
        LinuxCpu.available();
        if (!CarrierThreads.visible()) {
            warnOnceBlindToCarriers();
        }
    }

    /** The CPU the calling thread runs on, from the carrier's cache; -1 if it cannot be known. */
    public static int currentCpu() {
        Thread current = Thread.currentThread();
        if (!current.isVirtual()) {
            return PLATFORM_HINTS.get().cpu();
        }
        if (!CarrierThreads.visible()) {
            warnOnceBlindToCarriers();
            return LinuxCpu.currentCpu();
        }
        Thread carrier = CarrierThreads.currentCarrier();
        if (!(carrier instanceof ForkJoinWorkerThread worker)) {
            return LinuxCpu.currentCpu();
        }
        return hintOf(worker).cpu();
    }

    /** The CPU the calling thread runs on, asked of the kernel now; -1 if it cannot be known. */
    public static int currentCpuUncached() {
        return LinuxCpu.currentCpu();
    }

    /** Whether the kernel can be asked at all (Linux with glibc). */
    public static boolean kernelAnswers() {
        return LinuxCpu.available();
    }

    /** Whether virtual threads get the per-carrier cache (the JVM lets this library see carriers). */
    public static boolean carriersVisible() {
        return CarrierThreads.visible();
    }

    private static Hint hintOf(ForkJoinWorkerThread worker) {
        int slot = worker.getPoolIndex();
        Hint[] hints = carrierHints;
        if (slot >= hints.length) {
            hints = grow(slot);
        }
        Hint hint = hints[slot];
        if (hint == null || hint.carrier != worker) {
            hint = new Hint(worker);
            hints[slot] = hint;
        }
        return hint;
    }

    private static synchronized Hint[] grow(int slot) {
        Hint[] hints = carrierHints;
        if (slot >= hints.length) {
            hints = Arrays.copyOf(hints, Integer.highestOneBit(slot) << 1);
            carrierHints = hints;
        }
        return hints;
    }

    private static void warnOnceBlindToCarriers() {
        if (!warnedBlindToCarriers) {
            warnedBlindToCarriers = true;
            System.getLogger("org.numaloom.locks").log(System.Logger.Level.WARNING,
                    "numaloom: cannot see carrier threads, so virtual threads ask the kernel for their CPU on "
                            + "every slow-path lock acquisition (about 100 ns each), and a waiter spins its whole bound "
                            + "behind a holder that yielded or parked. Add the JVM flag "
                            + "--add-opens java.base/java.lang=ALL-UNNAMED (on the module path: =org.numaloom.locks).");
        }
    }
}
