package org.numaloom.perf.placement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.numaloom.locks.topology.Topology;

/**
 * Where the benchmark forks' carrier threads run: the virtual-thread scheduler's parallelism and,
 * optionally, each carrier's CPUs. The runner plans it once from {@code --pin} and
 * {@code --parallelism}, and hands it to every fork as JVM flags ({@link #jvmArgs}); inside the fork
 * {@link CarrierPinning} applies and checks it.
 *
 * <ul>
 * <li>{@code none}: the operating system places the carriers.
 * <li>{@code carriers}: carrier {@code i} is pinned to the {@code i}-th CPU in topology order, which
 *     lists node 0's CPUs, then node 1's, so that {@code P} carriers fill one NUMA node before the
 *     next. Needs {@code P} at most the number of CPUs.
 * <li>{@code nodes=0,2}: every carrier may run on any CPU of those nodes and no other, like
 *     {@code numactl --cpunodebind} for the carriers (the JVM's own GC and JIT threads stay free).
 * </ul>
 *
 * When pinning, the scheduler's {@code maxPoolSize} is set to {@code P} as well, so that no extra,
 * unpinned carrier can appear. The default parallelism is the number of CPUs the option allows.
 *
 * @param carrierCpus for each carrier, the CPUs it may run on; empty for {@code none}
 */
public record Placement(String pin, int parallelism, List<List<Integer>> carrierCpus) {
    /** Fork property: the carriers' CPU sets, {@code ;} between carriers, {@code ,} between CPUs. */
    static final String CARRIER_CPUS_PROPERTY = "numaloom.perf.carrierCpus";
    /** Fork property: the file the forks append their pinning checks to. */
    static final String LOG_PROPERTY = "numaloom.perf.placementLog";
    /** The scheduler cannot have more carriers than this (ForkJoinPool's limit). */
    static final int MAX_PARALLELISM = 0x7fff;

    public static final String SYNOPSIS = "none|carriers|nodes=LIST";

    /** A CPU of the machine and the index of its NUMA node. */
    public record HostCpu(int cpu, int node) {
    }

    /**
     * The machine's online CPUs in the order of {@code topology}, by node, then by CPU id; an
     * override spreads the real CPUs over its nodes ({@link Topology#nodeOfHostCpu}).
     */
    public static List<HostCpu> machineCpus(Topology topology) {
        return Arrays.stream(Topology.load(null).cpus())
                .mapToObj(cpu -> new HostCpu(cpu, topology.nodeOfHostCpu(cpu)))
                .sorted(Comparator.comparingInt(HostCpu::node).thenComparingInt(HostCpu::cpu))
                .toList();
    }

    /**
     * The placement a {@code --pin} option asks for.
     *
     * @param parallelism the carriers wanted; 0 for the default, the CPUs the option allows
     * @param cpus        the machine's CPUs in topology order
     * @throws IllegalArgumentException naming the option, for an unknown mode, a node that does not
     *     exist or more pinned carriers than CPUs
     */
    public static Placement plan(String pin, int parallelism, List<HostCpu> cpus) {
        String mode = pin.trim().toLowerCase(Locale.ROOT);
        if (parallelism < 0 || parallelism > MAX_PARALLELISM) {
            throw new IllegalArgumentException("--parallelism " + parallelism + " is impossible; expected 1.."
                    + MAX_PARALLELISM + " carriers");
        }
        if (mode.equals("none")) {
            return new Placement(mode, parallelism == 0 ? Runtime.getRuntime().availableProcessors() : parallelism, List.of());
        }
        if (mode.equals("carriers")) {
            return oneCpuPerCarrier(parallelism == 0 ? cpus.size() : parallelism, cpus);
        }
        if (mode.startsWith("nodes=")) {
            List<Integer> allowed = cpusOfNodes(mode.substring("nodes=".length()), cpus);
            int carriers = parallelism == 0 ? allowed.size() : parallelism;
            return new Placement(mode, carriers, Collections.nCopies(carriers, allowed));
        }
        throw new IllegalArgumentException("--pin '" + pin + "' is not a placement; expected " + SYNOPSIS
                + " (e.g. nodes=0 or nodes=0,1)");
    }

    /** This placement cut to one carrier on its first CPU (the first in topology order without pinning). */
    public Placement onOneCpu(List<HostCpu> cpus) {
        int cpu = carrierCpus.isEmpty() ? cpus.get(0).cpu() : carrierCpus.get(0).get(0);
        return new Placement(pin, 1, List.of(List.of(cpu)));
    }

    /** The flags that make a fork run this placement. */
    public List<String> jvmArgs() {
        List<String> args = new ArrayList<>();
        args.add("-Djdk.virtualThreadScheduler.parallelism=" + parallelism);
        if (!carrierCpus.isEmpty()) {
            args.add("-Djdk.virtualThreadScheduler.maxPoolSize=" + parallelism);
            args.add("-D" + CARRIER_CPUS_PROPERTY + "=" + carrierCpus.stream()
                    .map(set -> set.stream().map(String::valueOf).collect(Collectors.joining(",")))
                    .collect(Collectors.joining(";")));
        }
        return args;
    }

    /** One line for the report, e.g. {@code 2 carriers, each pinned to one CPU in topology order: 0, 1}. */
    public String describe() {
        String carriers = parallelism + (parallelism == 1 ? " carrier" : " carriers");
        if (carrierCpus.isEmpty()) {
            return carriers + ", placed by the operating system (--pin none)";
        }
        if (pin.equals("carriers") || parallelism == 1) {
            return carriers + ", carrier i pinned to the i-th CPU in topology order: CPUs "
                    + carrierCpus.stream().map(set -> String.valueOf(set.get(0))).collect(Collectors.joining(", "));
        }
        return carriers + ", each restricted to the CPUs of " + pin + ": " + carrierCpus.get(0);
    }

    /** The carrier CPU sets a fork was given, or null when it was not asked to pin. */
    static List<List<Integer>> carrierCpusOf(String property) {
        if (property == null || property.isBlank()) {
            return null;
        }
        return Arrays.stream(property.split(";"))
                .map(set -> Arrays.stream(set.split(",")).map(cpu -> Integer.valueOf(cpu.trim())).toList())
                .toList();
    }

    private static Placement oneCpuPerCarrier(int carriers, List<HostCpu> cpus) {
        if (carriers > cpus.size()) {
            throw new IllegalArgumentException("--pin carriers cannot pin " + carriers + " carriers to " + cpus.size()
                    + " CPUs, one each; lower --parallelism to at most " + cpus.size() + " or use --pin none");
        }
        return new Placement("carriers", carriers, cpus.subList(0, carriers).stream()
                .map(cpu -> List.of(cpu.cpu())).toList());
    }

    private static List<Integer> cpusOfNodes(String list, List<HostCpu> cpus) {
        Set<Integer> known = cpus.stream().map(HostCpu::node).collect(Collectors.toCollection(TreeSet::new));
        Set<Integer> nodes = new TreeSet<>();
        for (String node : list.split(",", -1)) {
            try {
                nodes.add(Integer.parseInt(node.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--pin nodes='" + list + "': '" + node
                        + "' is not a node number; expected e.g. nodes=0 or nodes=0,1 (nodes here: " + known + ")");
            }
        }
        if (!known.containsAll(nodes)) {
            nodes.removeAll(known);
            throw new IllegalArgumentException("--pin nodes=" + list + ": no node " + nodes + " here; the nodes are "
                    + known + " (./numaloom topology shows them)");
        }
        return cpus.stream().filter(cpu -> nodes.contains(cpu.node())).map(HostCpu::cpu).toList();
    }
}
