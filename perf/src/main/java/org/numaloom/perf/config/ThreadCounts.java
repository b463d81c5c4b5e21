package org.numaloom.perf.config;

import java.util.List;
import java.util.TreeSet;

/**
 * The thread counts a bench runs when its config gives none: powers of two up to the core count,
 * where each added thread can still get a core of its own, then 2, 4 and 16 times the cores, where
 * virtual threads queue for carriers and the lock's hand-off to a parked thread decides the result.
 */
final class ThreadCounts {
    private static final List<Integer> OVERSUBSCRIPTION = List.of(2, 4, 16);

    private ThreadCounts() {
    }

    static List<Integer> forCores(int cores) {
        TreeSet<Integer> counts = new TreeSet<>();
        for (int n = 1; n < cores; n *= 2) {
            counts.add(n);
        }
        counts.add(cores);
        OVERSUBSCRIPTION.forEach(factor -> counts.add(factor * cores));
        return List.copyOf(counts);
    }
}
