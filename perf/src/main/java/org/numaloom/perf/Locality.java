package org.numaloom.perf;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.numaloom.locks.topology.Topology;
import org.numaloom.perf.bench.Handoffs;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.config.BenchSpec;

/**
 * What a run can see of locality: the topology in force for the runner (which orders the CPUs that
 * {@code --pin carriers} gives the carriers) and for every fork (whose {@link Handoffs} decide each
 * acquisition's node by it), and the modelled cost of a remote hand-off. {@link #jvmArgs} hands the
 * override and the cost to the forks; the topology's name there is {@link Topology#PROPERTY}, the
 * library's own.
 *
 * @param topology        the topology in force
 * @param override        what the forks are given for {@link Topology#PROPERTY}; empty to leave them
 *                        with what they inherit (the machine's, or a property set in the environment)
 * @param remoteCostNanos charged to each remote hand-off inside the critical section; 0 for none
 */
record Locality(Topology topology, Optional<String> override, long remoteCostNanos) {
    /** The fork flag that sets the modelled cost, but for its value: {@code --remote-cost-ns}'s, or a variant's own. */
    private static final String COST_FLAG = "-D" + Handoffs.REMOTE_COST_PROPERTY + "=";

    /**
     * The locality the options ask for.
     *
     * @throws IllegalArgumentException saying what is wrong and what to give instead: an override
     *     that does not parse, or a remote cost where the topology has one node, so that it could
     *     never be charged
     */
    static Locality of(Optional<String> override, long remoteCostNanos) {
        Topology topology = override.map(Locality::load).orElseGet(Topology::current);
        if (remoteCostNanos > 0 && !Handoffs.recordedUnder(topology)) {
            throw neverCharged("--remote-cost-ns " + remoteCostNanos + " is", topology);
        }
        return new Locality(topology, override.map(Locality::forForks), remoteCostNanos);
    }

    /**
     * Refuses a config whose variant sets the modelled cost itself (as {@code perf/configs/remote-cost.json}
     * does, one cost per variant) where the costs would not be what its rows say: on a topology of
     * one node, where its forks would run uncharged, and together with {@code --remote-cost-ns},
     * which would charge the rows that stand for no cost.
     */
    void requireConsistentCosts(BenchConfig config) {
        costVariants(config).findFirst().ifPresent(first -> { // in the config's order: the first such variant is named
            String setsItsCost = "bench '" + first.bench().id() + "' of " + config.source() + ": " + first.variant()
                    + " sets " + first.flag();
            if (!Handoffs.recordedUnder(topology)) {
                throw neverCharged(setsItsCost + ", a cost", topology);
            }
            if (remoteCostNanos > 0) {
                throw new IllegalArgumentException(setsItsCost + ", and --remote-cost-ns " + remoteCostNanos
                        + " would charge the forks of its other locks, which stand for no cost; give the costs"
                        + " one way: drop --remote-cost-ns, or use a config without cost variants");
            }
        });
    }

    /** A variant whose own flags set the modelled cost. */
    private record CostVariant(BenchSpec bench, String variant, String flag) {
    }

    /** The config's variants that set the modelled cost, in its order. */
    private static Stream<CostVariant> costVariants(BenchConfig config) {
        return config.benches().stream().flatMap(bench -> bench.locks().stream()
                .flatMap(variant -> bench.jvmArgsOf(variant).stream().filter(flag -> flag.startsWith(COST_FLAG))
                        .map(flag -> new CostVariant(bench, variant, flag))));
    }

    private static IllegalArgumentException neverCharged(String whatIsCharged, Topology topology) {
        return new IllegalArgumentException(whatIsCharged + " charged when the lock moves between NUMA nodes, and the"
                + " topology in force has one node (" + topology + "), so it would never be; simulate two with"
                + " --topology \"2 nodes x 1 cpus\" --pin carriers");
    }

    /** The flags that give the forks this locality. */
    List<String> jvmArgs() {
        List<String> args = new ArrayList<>();
        override.ifPresent(value -> args.add("-D" + Topology.PROPERTY + "=" + value));
        if (remoteCostNanos > 0) {
            args.add(COST_FLAG + remoteCostNanos);
        }
        return args;
    }

    /** Lines for the report: whether hand-offs are recorded, and the modelled cost, {@code config}'s variants' included. */
    List<String> describe(BenchConfig config) {
        List<String> lines = new ArrayList<>();
        lines.add(Handoffs.recordedUnder(topology)
                ? "Remote hand-offs: recorded at every acquisition of the lock benches (remote_handoff_fraction),"
                        + " by the node of the holder's carrier under this topology; the look-up is inside the"
                        + " critical section"
                : "Remote hand-offs: not recorded, the topology has one node (every hand-off is local);"
                        + " --topology \"2 nodes x 1 cpus\" --pin carriers simulates two");
        String model = " (a model of cache lines crossing nodes, not a measurement; docs/benchmarks.md)";
        if (remoteCostNanos > 0) {
            lines.add("Modelled remote cost: " + remoteCostNanos + " ns spun inside the critical section at each remote"
                    + " hand-off" + model);
        } else if (costVariants(config).findAny().isPresent()) {
            lines.add("Modelled remote cost: set by the variants whose flags give " + COST_FLAG + "N, N ns spun inside"
                    + " the critical section at each remote hand-off" + model + "; each bench's Variants lines say which,"
                    + " and the other rows are uncharged");
        } else {
            lines.add("Modelled remote cost: off");
        }
        return lines;
    }

    private static Topology load(String override) {
        if (override.isBlank()) {
            throw new IllegalArgumentException("--topology is empty; give a spec such as \"2 nodes x 1 cpus\" or a"
                    + " directory laid out like /sys");
        }
        try {
            return Topology.load(override);
        } catch (IllegalArgumentException e) { // TopologyException, which names the file or quotes the spec
            throw new IllegalArgumentException("--topology " + override + ": " + e.getMessage()
                    + (override.contains("/") && !isDirectory(override) ? "; nor is it a directory" : "")
                    + ". ./numaloom topology --topology VALUE shows what a value describes", e);
        }
    }

    /** A directory by its absolute path, so that it means the same wherever a fork starts; a spec as given. */
    private static String forForks(String override) {
        return isDirectory(override) ? Path.of(override).toAbsolutePath().normalize().toString() : override;
    }

    private static boolean isDirectory(String name) {
        try {
            return Files.isDirectory(Path.of(name));
        } catch (InvalidPathException notAPath) {
            return false;
        }
    }
}
