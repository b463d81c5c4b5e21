package org.numaloom.locks.topology;

import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The topology of a Linux machine as NUMA-aware locks see it: the online CPUs, the NUMA nodes that
 * hold them, the clusters (CPUs sharing a cache below the node, such as the four cores of a Kunpeng
 * 920 cluster) and packages they belong to, and the distances between nodes. A lock that prefers to
 * hand over to a waiter near its owner needs exactly this: for the CPU a thread runs on, its node
 * and cluster, and how far the other nodes are.
 *
 * <p>{@link #current()} reads the machine's {@code /sys} once. The system property
 * {@code numaloom.topology} replaces it with a directory laid out like sysfs or with a compact spec
 * such as {@code "2 nodes x 2 clusters x 4 cpus"} (see {@link #load}), so that the NUMA code paths
 * can be exercised, and tested against real machines' layouts, on a one-node laptop or CI box;
 * {@link #nodeOfHostCpu} then spreads the real CPUs over the override's nodes.
 *
 * <p>Node, cluster and package indices are dense, {@code 0..count-1}, whatever ids sysfs uses:
 * node ids can be sparse (node0, node2), and cluster ids repeat across packages on some kernels.
 * Clusters and packages are numbered in CPU order, nodes in the order of their sysfs ids (a node0
 * holding CPUs 4-7 is node 0 though node1 holds CPUs 0-3). {@link #nodeId} gives a node's sysfs
 * id back, for messages.
 * {@link #provenance()} tells which file, default or spec each part came from, because a default
 * taken silently (no cluster ids, no distance files) is the usual reason a topology looks wrong.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class Topology {
    static final Path MACHINE_ROOT = Path.of("/sys");
    /**
     * {@link #hostCpuCount()}, read when the class is initialized, which for a lock is when it is
     * built, not on its slow path (see {@code CpuLocator.prepare}).
     */
    private static final int HOST_CPU_COUNT = hostCpuCount();
    /** The distance from a node to itself, as the kernel reports it. */
    static final int LOCAL_DISTANCE = 10;

    /**
     * The system property that overrides the machine's topology (see {@link #current()}); public so
     * that a tool starting JVMs, such as the benchmark runner, hands its own override on by this name.
     */
    public static final String PROPERTY = "numaloom.topology";

    private final int[] cpus; // sorted; the per-CPU arrays below are indexed by position in it
    private final int[] nodeOf;
    private final int[] clusterOf;
    private final int[] packageOf;
    private final int[] nodeIds;
    private final int[][] cpusOfNode;
    private final int clusterCount;
    private final int packageCount;
    private final int[][] distances;
    private final boolean machine; // whether the CPU ids are the running kernel's own
    private final Map<String, String> provenance;

    /**
     * Takes ownership of the arrays. Indices must be dense, and every node must hold a CPU.
     *
     * @param machine whether this describes the running machine, whose CPU ids are those the kernel
     *     reports to threads, or an override whose CPUs the real ones must be spread over
     */
    Topology(int[] cpus, int[] nodeIds, int[] nodeOf, int[] clusterOf, int[] packageOf,
             int[][] distances, boolean machine, Map<String, String> provenance) {
        this.cpus = cpus;
        this.nodeIds = nodeIds;
        this.nodeOf = nodeOf;
        this.clusterOf = clusterOf;
        this.packageOf = packageOf;
        this.distances = distances;
        this.machine = machine;
        this.provenance = Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
        this.cpusOfNode = cpusByNode(cpus, nodeOf, nodeIds.length);
        this.clusterCount = Arrays.stream(clusterOf).max().orElse(-1) + 1;
        this.packageCount = Arrays.stream(packageOf).max().orElse(-1) + 1;
    }

    /**
     * Returns the topology in force: the one the system property {@code numaloom.topology} names
     * if it is set (see {@link #load}), else the machine's {@code /sys}, else, where there is no
     * {@code /sys/devices/system/cpu} (not Linux), one node holding
     * {@link Runtime#availableProcessors()} CPUs, with a warning logged once.
     *
     * <p>It is computed once, on first use. A bad override or a damaged {@code /sys} is not
     * remembered: every call throws the {@link TopologyException} that names it.
     */
    public static Topology current() {
        return CURRENT.get();
    }

    /**
     * Returns the topology an override describes: the machine's (as {@link #current()} without the
     * property) for null or blank, {@link #fromSysfs} for the name of an existing directory, and
     * {@link #fromSpec} for anything else but a path: a name with a {@code /} that does not start
     * with a digit, as every spec does, is a directory that is not there.
     *
     * @throws TopologyException if the directory is missing or malformed, or the spec malformed
     */
    public static Topology load(String override) {
        if (isAbsent(override)) {
            return MACHINE.get();
        }
        if (isDirectory(override)) {
            return fromSysfs(Path.of(override));
        }
        if (override.contains("/") && !Character.isDigit(override.strip().charAt(0))) {
            throw TopologyException.inFile(Path.of(override).toAbsolutePath(), "no such directory; name one laid out"
                    + " like sysfs (holding devices/system/cpu), or give a spec such as \"" + Spec.EXAMPLE + "\"");
        }
        return fromSpec(override);
    }

    /**
     * Reads a directory laid out like sysfs: root holds {@code devices/system/cpu} and, on a NUMA
     * kernel, {@code devices/system/node}. For the real machine root is {@code Path.of("/sys")}.
     *
     * @throws TopologyException naming the file, if a file is malformed or a required one missing
     */
    public static Topology fromSysfs(Path root) {
        return Sysfs.read(root);
    }

    /**
     * Builds a synthetic topology from a compact spec: {@code "2 nodes x 2 clusters x 4 cpus"},
     * {@code "2 nodes × 4 cpus"} (one cluster per node), {@code "4 nodes x 2 clusters x 4 cpus / 2
     * packages"} (nodes spread evenly over packages; one package per node by default). Separators
     * are {@code x}, {@code X}, {@code ×} or {@code *}; words may be singular or plural. CPU ids run
     * from 0, node by node and cluster by cluster. Distances are 10 local, 16 within a package and 32
     * across packages.
     *
     * @throws TopologyException quoting the spec, if it does not parse
     */
    public static Topology fromSpec(String spec) {
        return Spec.parse(spec);
    }

    /** Returns the number of CPUs. */
    public int cpuCount() {
        return cpus.length;
    }

    /** Returns the number of NUMA nodes that hold CPUs; node indices run from 0 to this minus 1. */
    public int nodeCount() {
        return nodeIds.length;
    }

    /** Returns the sysfs id of a node index: the N of {@code nodeN}; the index itself for a spec. */
    public int nodeId(int nodeIndex) {
        return nodeIds[nodeIndex];
    }

    /** Returns the number of clusters in the whole machine. */
    public int clusterCount() {
        return clusterCount;
    }

    /** Returns the number of packages (sockets). */
    public int packageCount() {
        return packageCount;
    }

    /** Returns the CPU ids, sorted, in a new array. */
    public int[] cpus() {
        return cpus.clone();
    }

    /** Returns the CPU ids of a node, sorted, in a new array. */
    public int[] cpusOfNode(int nodeIndex) {
        return cpusOfNode[nodeIndex].clone();
    }

    /**
     * Returns the node index of a CPU.
     *
     * @throws IllegalArgumentException if the CPU is not in this topology
     */
    public int nodeOfCpu(int cpu) {
        return nodeOf[position(cpu)];
    }

    /**
     * Returns the cluster index of a CPU, unique across the machine.
     *
     * @throws IllegalArgumentException if the CPU is not in this topology
     */
    public int clusterOfCpu(int cpu) {
        return clusterOf[position(cpu)];
    }

    /**
     * Returns the package index of a CPU.
     *
     * @throws IllegalArgumentException if the CPU is not in this topology
     */
    public int packageOfCpu(int cpu) {
        return packageOf[position(cpu)];
    }

    /** Returns the kernel's distance between two nodes; 10 from a node to itself. */
    public int distance(int fromNodeIndex, int toNodeIndex) {
        return distances[fromNodeIndex][toNodeIndex];
    }

    /**
     * Returns the node index for a CPU id as the running kernel reports it ({@code sched_getcpu}).
     * For the machine's own topology that is {@link #nodeOfCpu}. For an override of V CPUs on a host
     * whose highest online CPU id is R-1, host CPU r maps to the override's CPU at sorted position
     * {@code floor(r * V / R)}, which spreads the real CPUs evenly over the virtual nodes: on a
     * 2-CPU host, "2 nodes x 1 cpu" puts CPU 0 on node 0 and CPU 1 on node 1.
     *
     * <p>Never throws: callers are on a lock's slow path, where a CPU id outside the topology (a
     * CPU brought online later, say) must not fail the lock. Such an id maps to node 0.
     */
    public int nodeOfHostCpu(int hostCpu) {
        return nodeOfHostCpu(hostCpu, HOST_CPU_COUNT);
    }

    /** As {@link #nodeOfHostCpu(int)} on a host with hostCpuCount CPU ids (the highest plus one). */
    int nodeOfHostCpu(int hostCpu, int hostCpuCount) {
        int p = positionOfHostCpu(hostCpu, hostCpuCount);
        return p < 0 ? 0 : nodeOf[p];
    }

    /**
     * Returns the position, in {@link #cpus()}, of the CPU that stands for a CPU id as the running
     * kernel reports it, by the mapping of {@link #nodeOfHostCpu(int)}; -1 for an id outside it.
     * Never throws, for the same reason.
     */
    public int positionOfHostCpu(int hostCpu) {
        return positionOfHostCpu(hostCpu, HOST_CPU_COUNT);
    }

    private int positionOfHostCpu(int hostCpu, int hostCpuCount) {
        if (hostCpu < 0 || hostCpu >= hostCpuCount) {
            return -1;
        }
        if (machine) {
            return Math.max(Arrays.binarySearch(cpus, hostCpu), -1);
        }
        return (int) ((long) hostCpu * cpus.length / hostCpuCount);
    }

    /**
     * Returns where each part came from, in a fixed order: "source" first (the sysfs root, the spec,
     * and whether it overrides the machine's), then parts such as "cpus", "nodes", "distances",
     * "packages" and "clusters" with the files read or the default taken.
     */
    public Map<String, String> provenance() {
        return provenance;
    }

    /**
     * Returns a multi-line description: a summary line; per node its sysfs id, CPUs, packages and
     * number of clusters; the distance matrix; and the provenance.
     */
    public String describe() {
        StringBuilder out = new StringBuilder(summary()).append('\n');
        for (int node = 0; node < nodeCount(); node++) {
            int[] members = cpusOfNode[node];
            int[] packages = distinctOf(members, this::packageOfCpu);
            out.append("node ").append(node).append(" (sysfs node").append(nodeIds[node]).append("): cpus ")
                    .append(CpuList.format(members))
                    .append(packages.length == 1 ? ", package " : ", packages ").append(CpuList.format(packages))
                    .append(", ").append(counted(distinctOf(members, this::clusterOfCpu).length, "cluster"))
                    .append('\n');
        }
        out.append("distances (row: from node, column: to node):\n    ");
        for (int to = 0; to < nodeCount(); to++) {
            out.append(String.format("%5d", to));
        }
        for (int from = 0; from < nodeCount(); from++) {
            out.append(String.format("%n%4d", from));
            for (int to = 0; to < nodeCount(); to++) {
                out.append(String.format("%5d", distances[from][to]));
            }
        }
        out.append("\nprovenance:");
        provenance.forEach((part, source) -> out.append("\n  ").append(part).append(": ").append(source));
        return out.append('\n').toString();
    }

    /** Returns a one-line summary. */
    @Override
    public String toString() {
        return "Topology[" + summary() + "]";
    }

    /** Returns an n-by-n matrix of distance(from, to). */
    static int[][] matrix(int n, IntBinaryOperator distance) {
        return IntStream.range(0, n)
                .mapToObj(from -> IntStream.range(0, n).map(to -> distance.applyAsInt(from, to)).toArray())
                .toArray(int[][]::new);
    }

    private String summary() {
        return counted(cpuCount(), "cpu") + ", " + counted(nodeCount(), "node") + ", "
                + counted(clusterCount, "cluster") + ", " + counted(packageCount, "package")
                + " (" + provenance.get("source") + ")";
    }

    private int position(int cpu) {
        int p = Arrays.binarySearch(cpus, cpu);
        if (p < 0) {
            throw new IllegalArgumentException("cpu " + cpu + " is not in this topology (cpus "
                    + CpuList.format(cpus) + ")");
        }
        return p;
    }

    private static int[] distinctOf(int[] members, IntUnaryOperator index) {
        return Arrays.stream(members).map(index).distinct().sorted().toArray();
    }

    private static String counted(int count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }

    private static int[][] cpusByNode(int[] cpus, int[] nodeOf, int nodeCount) {
        int[] sizes = new int[nodeCount];
        for (int node : nodeOf) {
            sizes[node]++;
        }
        int[][] byNode = new int[nodeCount][];
        Arrays.setAll(byNode, node -> new int[sizes[node]]);
        int[] filled = new int[nodeCount];
        for (int p = 0; p < cpus.length; p++) {
            byNode[nodeOf[p]][filled[nodeOf[p]]++] = cpus[p];
        }
        return byNode;
    }

    private static boolean isAbsent(String override) {
        return override == null || override.isBlank();
    }

    private static boolean isDirectory(String name) {
        try {
            return Files.isDirectory(Path.of(name));
        } catch (InvalidPathException notAPath) {
            return false;
        }
    }

    /** The same topology, marked in its provenance as overriding the machine's, and how. */
    private Topology overriding(String how) {
        Map<String, String> marked = new LinkedHashMap<>(provenance);
        marked.put("source", "override " + provenance.get("source") + " (" + how + ")");
        return new Topology(cpus, nodeIds, nodeOf, clusterOf, packageOf, distances, machine, marked);
    }

    /** One node holding every available processor, for machines without sysfs. */
    private static Topology withoutSysfs() {
        int count = Runtime.getRuntime().availableProcessors();
        Path cpuDir = MACHINE_ROOT.resolve("devices/system/cpu");
        System.getLogger(Topology.class.getName()).log(Level.WARNING,
                "numaloom: no {0}, assuming one NUMA node of {1} CPUs (Runtime.availableProcessors())",
                cpuDir, count);
        int[] zeros = new int[count];
        return new Topology(IntStream.range(0, count).toArray(), new int[] {0}, zeros, zeros, zeros,
                new int[][] {{LOCAL_DISTANCE}}, true,
                Map.of("source", "Runtime.availableProcessors() = " + count + " (no " + cpuDir + ")"));
    }

    /** The machine's topology, read on first use. */
    private static final Once<Topology> MACHINE = new Once<>(() ->
            Files.isDirectory(MACHINE_ROOT.resolve("devices/system/cpu")) ? fromSysfs(MACHINE_ROOT) : withoutSysfs());

    private static final Once<Topology> CURRENT = new Once<>(() -> {
        String override = System.getProperty(PROPERTY);
        return isAbsent(override) ? MACHINE.get() : load(override).overriding("property " + PROPERTY);
    });

    /**
     * A value computed on first use. Unlike a holder class, a failure is not remembered as a
     * {@link NoClassDefFoundError}: each caller gets the computation's own exception.
     */
    private static final class Once<T> {
        private final Supplier<T> computation;
        private volatile T value;

        Once(Supplier<T> computation) {
            this.computation = computation;
        }

        T get() {
            T result = value;
            if (result == null) {
                synchronized (this) {
                    result = value;
                    if (result == null) {
                        value = result = computation.get();
                    }
                }
            }
            return result;
        }
    }

    /**
     * The number of CPU ids of the running kernel, the highest online one plus one, which is what
     * {@code sched_getcpu} can return. Read from the real {@code /sys} even when an override is in
     * force, since the ids to map are the real ones.
     */
    private static int hostCpuCount() {
        try {
            int[] online = Sysfs.readList(MACHINE_ROOT.resolve("devices/system/cpu/online"));
            return online.length == 0 ? Runtime.getRuntime().availableProcessors() : online[online.length - 1] + 1;
        } catch (TopologyException notLinux) {
            return Runtime.getRuntime().availableProcessors();
        }
    }
}
