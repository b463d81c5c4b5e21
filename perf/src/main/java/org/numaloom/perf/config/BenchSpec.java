package org.numaloom.perf.config;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.numaloom.perf.bench.Exclusion;

/**
 * One bench of a config, checked and complete: what it runs, on which locks and thread counts, and
 * how many JMH iterations and forks. Built only by {@link BenchConfig}, so every instance is valid.
 *
 * @param id    a short name unique in its config, made from the title (e.g. {@code high-contention});
 *              it keys the CSV rows, the charts' files and the gate's thresholds
 * @param locks exclusion names to measure, canonical, the requested ones first, then the baselines;
 *              empty for benches that measure no lock. A variant's name is its lock's and its label,
 *              {@code NUMA_MCS@nospin} ({@link #lockOf})
 * @param variantJvmArgs each variant's extra JVM flags for its forks, by its name in {@code locks}
 * @param rounds how many times the runner measures every lock in turn, {@code forks} forks of each
 *              per round, so that a lock and its baselines are measured close together in time,
 *              {@code rounds} times: a drift of the machine's load between the start and the end
 *              of a bench then moves both sides of each round's ratio, not only the lock's. The
 *              gate's ratio at a thread count is the median of the rounds' ratios; 1 for benches
 *              that measure no lock
 */
public record BenchSpec(String id, String title, Work work, List<String> locks, Map<String, List<String>> variantJvmArgs,
                        List<Integer> threads, int warmupIterations, int measurementIterations, int forks, int rounds) {
    /** Between a lock's name and a variant's label in the variant's name. */
    public static final String VARIANT_SEPARATOR = "@";

    public BenchKind kind() {
        return work.kind();
    }

    /** The lock a name of {@link #locks} measures: the name itself, or a variant's lock. */
    public static String lockOf(String name) {
        int separator = name.indexOf(VARIANT_SEPARATOR);
        return separator < 0 ? name : name.substring(0, separator);
    }

    /** A variant's label with its separator, {@code @c130} of {@code NUMA_MCS@c130}; empty for a lock's own name. */
    public static String labelOf(String name) {
        return name.substring(lockOf(name).length());
    }

    /** The extra JVM flags of the forks that measure {@code name}: a variant's, else none. */
    public List<String> jvmArgsOf(String name) {
        return variantJvmArgs.getOrDefault(name, List.of());
    }

    /**
     * The locks a lock's ratios are taken to, in the order of {@link Exclusion#RATIO_BASELINES}. A
     * variant of a lock that is not a baseline, {@code NUMA_MCS@c130}, is compared with the
     * baselines' variants of its label ({@code UNFAIR_REENTRANT@c130}, {@code SYNCHRONIZED@c130};
     * labels compared ignoring case, as a config's check of duplicates does) where its bench
     * measures both: the label then names a condition that all of them ran under, such as the
     * modelled cost of {@code perf/configs/remote-cost.json}. Any other lock, a baseline's own
     * variant included ({@code SYNCHRONIZED@same}, an A/A pair that shows the run's noise), is
     * compared with the baselines themselves.
     */
    public static List<String> ratioBaselinesOf(String lock, Collection<String> benchLocks) {
        String label = labelOf(lock);
        if (label.isEmpty() || Exclusion.BASELINES.contains(lockOf(lock))) {
            return Exclusion.RATIO_BASELINES;
        }
        List<String> labelled = Exclusion.RATIO_BASELINES.stream()
                .map(baseline -> spelledAmong(benchLocks, baseline + label).orElse(null))
                .toList();
        return labelled.contains(null) ? Exclusion.RATIO_BASELINES : labelled;
    }

    /**
     * The name among {@code names} that is {@code name} but for case, as spelled there: variant
     * labels that differ in case alone name the same files, so a config may not hold two of them,
     * and a lookup (--lock, a variant's baselines) ignores case.
     */
    static Optional<String> spelledAmong(Collection<String> names, String name) {
        return names.stream().filter(name::equalsIgnoreCase).findFirst();
    }

    /** {@link #ratioBaselinesOf(String, Collection)} among this bench's locks. */
    public List<String> ratioBaselinesOf(String lock) {
        return ratioBaselinesOf(lock, locks);
    }

    BenchSpec with(List<String> locks, List<Integer> threads, int warmupIterations, int measurementIterations, int forks,
                   int rounds) {
        Map<String, List<String>> kept = new LinkedHashMap<>(variantJvmArgs);
        kept.keySet().retainAll(locks); // --lock replaces the config's list, its variants with it
        return new BenchSpec(id, title, work, locks, Map.copyOf(kept), threads, warmupIterations, measurementIterations,
                forks, rounds);
    }
}
