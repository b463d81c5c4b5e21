package org.numaloom.locks.topology;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * A synthetic {@link Topology} from a compact spec such as {@code "2 nodes x 2 clusters x 4 cpus"}
 * or {@code "4 nodes x 2 clusters x 4 cpus / 2 packages"}, so that NUMA code paths can run on a
 * machine with one node.
 *
 * <p>Grammar: {@code N node(s) x [C cluster(s) x] K cpu(s) [/ P package(s)]}, case-insensitive, with
 * {@code x}, {@code ×} or {@code *} as separator and any whitespace around the parts. Each node has C
 * clusters of K CPUs (C defaults to 1), and the nodes are spread evenly over P packages (P defaults to
 * N, one package per node, and must divide N). CPU ids run 0..N*C*K-1, node by node and cluster by
 * cluster; node ids are the node indices.
 *
 * <p>Distances are 10 to the node itself, 16 within a package and 32 across packages: three levels
 * far enough apart that code ranking nodes by distance sees them plainly, and unlike the 10/20 that
 * real sysfs trees and the reader's default use, so that a description shows them to be synthetic.
 */
final class Spec {
    static final String EXAMPLE = "2 nodes x 2 clusters x 4 cpus";
    static final int SAME_PACKAGE_DISTANCE = 16;
    static final int OTHER_PACKAGE_DISTANCE = 32;
    /** MAX_NUMNODES of the largest kernel configuration; it also bounds the distance matrix. */
    static final int MAX_NODES = 1024;

    private static final String BY = "\\s*[x×*]\\s*";
    // Nine digits at most, so that every count parses as an int.
    private static final Pattern FORMAT = Pattern.compile(
            "\\s*(\\d{1,9})\\s*nodes?" + BY
                    + "(?:(\\d{1,9})\\s*clusters?" + BY + ")?"
                    + "(\\d{1,9})\\s*cpus?"
                    + "\\s*(?:/\\s*(\\d{1,9})\\s*packages?\\s*)?",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    private Spec() {}

    /** Parses spec; see the class comment for the grammar. */
    static Topology parse(String spec) {
        Matcher parts = FORMAT.matcher(spec);
        if (!parts.matches()) {
            throw TopologyException.inSpec(spec,
                    "expected \"<nodes> nodes x [<clusters> clusters x] <cpus> cpus [/ <packages> packages]\"");
        }
        int nodes = count(spec, parts.group(1), "node");
        int clusters = parts.group(2) == null ? 1 : count(spec, parts.group(2), "cluster");
        int cpus = count(spec, parts.group(3), "cpu");
        int packages = parts.group(4) == null ? nodes : count(spec, parts.group(4), "package");
        if (nodes > MAX_NODES) {
            throw TopologyException.inSpec(spec, "the node count must be at most " + MAX_NODES);
        }
        long cpusPerNode = (long) clusters * cpus;
        if (cpusPerNode > CpuList.MAX_ID + 1 || cpusPerNode * nodes > CpuList.MAX_ID + 1) {
            throw TopologyException.inSpec(spec, "the CPU count must be at most " + (CpuList.MAX_ID + 1));
        }
        if (nodes % packages != 0) {
            throw TopologyException.inSpec(spec, "the package count " + packages + " must divide the node count "
                    + nodes + ", so that each package holds as many nodes");
        }
        return build(spec, nodes, clusters, cpus, nodes / packages);
    }

    private static int count(String spec, String digits, String what) {
        int count = Integer.parseInt(digits);
        if (count < 1) {
            throw TopologyException.inSpec(spec, "the " + what + " count must be at least 1");
        }
        return count;
    }

    private static Topology build(String spec, int nodes, int clusters, int cpusPerCluster, int nodesPerPackage) {
        int cpusPerNode = clusters * cpusPerCluster;
        int cpuCount = nodes * cpusPerNode;
        Map<String, String> provenance = new LinkedHashMap<>();
        provenance.put("source", "spec \"" + spec + "\"");
        provenance.put("cpus", "0-" + (cpuCount - 1) + ", numbered node by node, cluster by cluster");
        provenance.put("distances", "synthetic: " + Topology.LOCAL_DISTANCE + " local, " + SAME_PACKAGE_DISTANCE
                + " same package, " + OTHER_PACKAGE_DISTANCE + " other package");
        return new Topology(
                IntStream.range(0, cpuCount).toArray(),
                IntStream.range(0, nodes).toArray(),
                IntStream.range(0, cpuCount).map(cpu -> cpu / cpusPerNode).toArray(),
                IntStream.range(0, cpuCount).map(cpu -> cpu / cpusPerCluster).toArray(),
                IntStream.range(0, cpuCount).map(cpu -> cpu / cpusPerNode / nodesPerPackage).toArray(),
                Topology.matrix(nodes, (from, to) -> from == to ? Topology.LOCAL_DISTANCE
                        : from / nodesPerPackage == to / nodesPerPackage ? SAME_PACKAGE_DISTANCE
                        : OTHER_PACKAGE_DISTANCE),
                false,
                provenance);
    }
}
