package org.numaloom.locks.topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads a {@link Topology} from a directory laid out like sysfs: {@code devices/system/cpu} for the
 * online CPUs and their package and cluster ids, {@code devices/system/node} for the NUMA nodes and
 * their distances.
 *
 * <p>Kernels differ in what they expose, so the reader distinguishes absent from wrong. An
 * attribute that some kernels lack (cluster ids, the whole node directory without NUMA, distance
 * files) falls back to a documented default, and {@link Topology#provenance()} records that it
 * did. Content that is present but not what the kernel writes is a {@link TopologyException} naming
 * the file: a topology quietly built from a damaged tree would misplace every thread.
 *
 * <p>Node indices are dense: memory-only nodes (such as CXL memory expanders) hold no CPU, so no
 * thread can run there and they are left out, but their columns in the distance rows are what
 * make the rows as long as the kernel writes them.
 */
final class Sysfs {
    static final int REMOTE_DISTANCE = 20;

    // The values some kernels report for a CPU that belongs to no cluster.
    private static final int NO_CLUSTER = -1;
    private static final int NO_CLUSTER_U16 = 65535;

    private static final Pattern NODE_DIRECTORY = Pattern.compile("node\\d{1,7}");
    private static final Pattern BLANKS = Pattern.compile("\\s+");

    private final Path root;
    private final Path cpuDir;
    private final Path nodeDir;
    private final Map<String, String> provenance = new LinkedHashMap<>();

    private Sysfs(Path root) {
        // Absolute, so that every message and provenance entry names a file wherever it is read from.
        this.root = root.toAbsolutePath();
        this.cpuDir = this.root.resolve("devices/system/cpu");
        this.nodeDir = this.root.resolve("devices/system/node");
    }

    /** The topology under root, which holds {@code devices/system/cpu} and maybe {@code devices/system/node}. */
    static Topology read(Path root) {
        return new Sysfs(root).topology();
    }

    /** The trimmed content of a file. */
    static String text(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (NoSuchFileException e) {
            throw TopologyException.inFile(file, "the file is missing", e);
        } catch (IOException e) {
            throw TopologyException.inFile(file, "cannot read the file: " + e, e);
        }
    }

    static int[] readList(Path file) {
        return CpuList.parse(text(file), file);
    }

    private Topology topology() {
        if (!Files.isDirectory(cpuDir)) {
            throw TopologyException.inFile(cpuDir, "no such directory; expected a tree laid out like "
                    + "/sys/devices/system/cpu, with the files online and cpu<N>/topology/*");
        }
        provenance.put("source", "sysfs " + root);
        int[] cpus = onlineCpus();
        Nodes nodes = Files.isDirectory(nodeDir) ? nodes(cpus) : oneNode(cpus);
        int[] packageOf = packages(cpus);
        int[] clusterOf = clusters(cpus, packageOf, nodes.nodeOf());
        boolean machine = root.normalize().equals(Topology.MACHINE_ROOT);
        return new Topology(cpus, nodes.ids(), nodes.nodeOf(), clusterOf, packageOf,
                nodes.distances(), machine, provenance);
    }

    private int[] onlineCpus() {
        Path online = cpuDir.resolve("online");
        int[] cpus = readList(online);
        if (cpus.length == 0) {
            throw TopologyException.inFile(online,
                    "expected at least one online CPU, such as 0-3, but the file is empty");
        }
        provenance.put("cpus", online.toString());
        return cpus;
    }

    /**
     * The nodes holding CPUs, by dense index.
     *
     * @param ids the sysfs id of each dense node
     * @param nodeOf the dense node of each CPU, by its position among the sorted online CPUs
     */
    private record Nodes(int[] ids, int[] nodeOf, int[][] distances) {}

    private Nodes oneNode(int[] cpus) {
        provenance.put("nodes", "no " + nodeDir + " (kernel without NUMA), one node (default)");
        provenance.put("distances", "one node, " + Topology.LOCAL_DISTANCE + " (default)");
        return new Nodes(new int[] {0}, new int[cpus.length], new int[][] {{Topology.LOCAL_DISTANCE}});
    }

    private Nodes nodes(int[] cpus) {
        int[] onlineIds = onlineNodeIds();
        int[] nodeOf = new int[cpus.length];
        Arrays.fill(nodeOf, -1);
        List<Integer> columns = new ArrayList<>(); // positions in onlineIds of the nodes that hold CPUs
        List<String> memoryOnly = new ArrayList<>();
        for (int column = 0; column < onlineIds.length; column++) {
            Path cpulist = nodeFile(onlineIds[column], "cpulist");
            int node = columns.size();
            int held = 0;
            for (int cpu : readList(cpulist)) {
                int p = Arrays.binarySearch(cpus, cpu);
                // The kernel lists only online CPUs here; one missing from cpu/online came online
                // since that was read: a race with hotplug, not a damaged tree, and no thread of
                // this JVM runs on it yet. (The opposite race, a CPU gone offline in between, leaves
                // it in no node's list, and is reported below as a tree that lacks it.)
                if (p < 0) {
                    continue;
                }
                if (nodeOf[p] >= 0) {
                    throw TopologyException.inFile(cpulist, "cpu " + cpu + " is also in "
                            + nodeFile(onlineIds[columns.get(nodeOf[p])], "cpulist")
                            + "; expected every online CPU in exactly one node");
                }
                nodeOf[p] = node;
                held++;
            }
            if (held > 0) {
                columns.add(column);
            } else {
                memoryOnly.add("node" + onlineIds[column]);
            }
        }
        requireEveryCpuInANode(cpus, nodeOf);
        provenance.put("nodes", nodeDir + "/node*/cpulist" + (memoryOnly.isEmpty() ? ""
                : "; skipped " + String.join(", ", memoryOnly) + " (no CPUs: memory-only)"));
        int[] used = columns.stream().mapToInt(Integer::intValue).toArray();
        int[] ids = Arrays.stream(used).map(column -> onlineIds[column]).toArray();
        return new Nodes(ids, nodeOf, distances(onlineIds, used));
    }

    private void requireEveryCpuInANode(int[] cpus, int[] nodeOf) {
        for (int p = 0; p < cpus.length; p++) {
            if (nodeOf[p] < 0) {
                throw TopologyException.inFile(cpuDir.resolve("online"), "cpu " + cpus[p] + " is online but in no "
                        + nodeDir + "/node*/cpulist; expected every online CPU in exactly one node");
            }
        }
    }

    private int[] onlineNodeIds() {
        Path online = nodeDir.resolve("online");
        int[] ids = Files.exists(online) ? readList(online) : nodeDirectoryIds();
        if (ids.length == 0) {
            throw TopologyException.inFile(online, "expected at least one online node, such as 0-1, "
                    + "or node<N> directories beside it");
        }
        return ids;
    }

    private int[] nodeDirectoryIds() {
        try (Stream<Path> entries = Files.list(nodeDir)) {
            return entries.map(entry -> entry.getFileName().toString())
                    .filter(name -> NODE_DIRECTORY.matcher(name).matches())
                    .mapToInt(name -> Integer.parseInt(name.substring("node".length())))
                    .sorted()
                    .toArray();
        } catch (IOException e) {
            throw TopologyException.inFile(nodeDir, "cannot list the directory: " + e, e);
        }
    }

    /**
     * The distance matrix of the nodes at positions used of onlineIds. Each node's file holds one
     * entry per online node, in onlineIds order.
     */
    private int[][] distances(int[] onlineIds, int[] used) {
        int[][] distances = new int[used.length][];
        for (int i = 0; i < used.length; i++) {
            Path file = nodeFile(onlineIds[used[i]], "distance");
            if (!Files.exists(file)) {
                provenance.put("distances", "missing " + file + ", " + Topology.LOCAL_DISTANCE + " local / "
                        + REMOTE_DISTANCE + " remote (default)");
                return Topology.matrix(used.length,
                        (from, to) -> from == to ? Topology.LOCAL_DISTANCE : REMOTE_DISTANCE);
            }
            int[] row = distanceRow(file, onlineIds);
            distances[i] = Arrays.stream(used).map(column -> row[column]).toArray();
        }
        for (int i = 0; i < used.length; i++) {
            for (int j = i + 1; j < used.length; j++) {
                if (distances[i][j] != distances[j][i]) {
                    Path back = nodeFile(onlineIds[used[j]], "distance");
                    throw TopologyException.inFile(nodeFile(onlineIds[used[i]], "distance"),
                            "the distance to node" + onlineIds[used[j]] + " is " + distances[i][j] + " but " + back
                                    + " gives " + distances[j][i] + " back; expected a symmetric matrix");
                }
            }
        }
        provenance.put("distances", nodeDir + "/node*/distance");
        return distances;
    }

    private static int[] distanceRow(Path file, int[] onlineIds) {
        String text = text(file);
        String[] entries = text.isEmpty() ? new String[0] : BLANKS.split(text);
        if (entries.length != onlineIds.length) {
            throw TopologyException.inFile(file, "expected " + onlineIds.length + " distances, one per online node ("
                    + CpuList.format(onlineIds) + "), but found " + entries.length + ": '" + text + "'");
        }
        try {
            return Arrays.stream(entries).mapToInt(Integer::parseInt).toArray();
        } catch (NumberFormatException e) {
            throw TopologyException.inFile(file, "expected integer distances such as '10 20' but found '" + text + "'");
        }
    }

    private Path nodeFile(int node, String name) {
        return nodeDir.resolve("node" + node).resolve(name);
    }

    private int[] packages(int[] cpus) {
        int[] ids = perCpu(cpus, "physical_package_id");
        if (ids == null) {
            provenance.put("packages", "missing physical_package_id, one package (default)");
            return new int[cpus.length];
        }
        provenance.put("packages", cpuDir + "/cpu*/topology/physical_package_id");
        return dense(cpus.length, p -> ids[p]);
    }

    /**
     * Dense cluster indices. A cluster is keyed by package and node as well as its id: some kernels
     * number clusters per package, and a cluster must never straddle two nodes. Without usable
     * cluster ids every CPU gets the same id, which leaves one cluster per package and node.
     */
    private int[] clusters(int[] cpus, int[] packageOf, int[] nodeOf) {
        int[] read = perCpu(cpus, "cluster_id");
        boolean usable = read != null && Arrays.stream(read).noneMatch(id -> id == NO_CLUSTER || id == NO_CLUSTER_U16);
        if (usable) {
            provenance.put("clusters", cpuDir + "/cpu*/topology/cluster_id");
        } else {
            provenance.put("clusters", "no cluster_id (missing, " + NO_CLUSTER + " or " + NO_CLUSTER_U16
                    + "), one cluster per package and node (default)");
        }
        int[] ids = usable ? read : new int[cpus.length];
        return dense(cpus.length, p -> List.of(packageOf[p], nodeOf[p], ids[p]));
    }

    /**
     * Reads cpu&lt;N&gt;/topology/name for every CPU, or returns null if a CPU lacks the file: a
     * kernel exposes an attribute for all CPUs or for none, so a gap means "not provided".
     */
    private int[] perCpu(int[] cpus, String name) {
        int[] values = new int[cpus.length];
        for (int p = 0; p < cpus.length; p++) {
            Path file = cpuDir.resolve("cpu" + cpus[p]).resolve("topology").resolve(name);
            if (!Files.exists(file)) {
                return null;
            }
            values[p] = readInt(file);
        }
        return values;
    }

    private static int readInt(Path file) {
        String text = text(file);
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw TopologyException.inFile(file, text.isEmpty() ? "expected an integer but the file is empty"
                    : "expected an integer but found '" + text + "'");
        }
    }

    /** Numbers distinct keys 0, 1, ... in order of first appearance, so that indices follow CPU order. */
    private static int[] dense(int count, IntFunction<Object> keyAt) {
        Map<Object, Integer> indices = new HashMap<>();
        int[] dense = new int[count];
        for (int p = 0; p < count; p++) {
            dense[p] = indices.computeIfAbsent(keyAt.apply(p), key -> indices.size());
        }
        return dense;
    }
}
