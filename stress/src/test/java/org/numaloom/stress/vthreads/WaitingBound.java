package org.numaloom.stress.vthreads;

import java.util.Optional;

/**
 * What a lock promises about waiting, as the harness can check it.
 *
 * <p>The harness measures, for every acquisition that waited in the lock's queue, how many other
 * queued acquisitions were granted between the request and the grant (its "overtaking"). On one
 * carrier virtual threads are never preempted, so nothing runs between a thread's request and its
 * place in the queue, and a FIFO lock must keep every overtaking below the number of threads: each
 * other thread can be ahead of it once. On more carriers an OS-descheduled carrier lets others run
 * in that gap, so the bound is reported there but not held.
 *
 * <p>A lock that states no bound (an unfair lock, any lock plugged in by a user) promises nothing
 * here: its threads must only all finish within the watchdog's time, which every run checks.
 * NUMA_MCS bounds the wait of a node's leader (a hand-off after {@code handOffBound} acquisitions);
 * that bound concerns leaders, not every waiter, and {@code NumaMcsLockTest} holds the lock to it
 * directly; here NUMA_MCS is held to progress.
 */
enum WaitingBound {
    FIFO {
        @Override
        Optional<String> violation(long worstOvertaking, int threads, int carriers) {
            return carriers == 1 && worstOvertaking > threads - 1
                    ? Optional.of("FIFO: an acquisition was overtaken by " + worstOvertaking + " others, more than the "
                            + (threads - 1) + " threads that could be ahead of it")
                    : Optional.empty();
        }

        @Override
        String describe(int threads, int carriers) {
            return carriers == 1 ? "FIFO, at most " + (threads - 1) : "FIFO, held on one carrier only";
        }
    },
    PROGRESS_ONLY {
        @Override
        Optional<String> violation(long worstOvertaking, int threads, int carriers) {
            return Optional.empty();
        }

        @Override
        String describe(int threads, int carriers) {
            return "none stated, progress only";
        }
    };

    abstract Optional<String> violation(long worstOvertaking, int threads, int carriers);

    abstract String describe(int threads, int carriers);

    /** The bound on waiting the kit's documentation states for the lock of that name (docs/locks.md, the table of the locks). */
    static WaitingBound of(String lock) {
        return switch (lock) {
            case "MCS", "FAIR_REENTRANT" -> FIFO;
            default -> PROGRESS_ONLY;
        };
    }
}
