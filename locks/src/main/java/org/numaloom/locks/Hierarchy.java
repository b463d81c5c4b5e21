package org.numaloom.locks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;

import org.numaloom.locks.placement.CpuLocator;
import org.numaloom.locks.topology.Topology;

/**
 * The levels of an {@link HmcsLock}: groups of CPUs nested inside each other (clusters in NUMA
 * nodes in packages, say), leaf level first, under one root, and the leaf group the calling thread
 * runs on.
 *
 * <p>{@code parents[l][g]} is the group at level {@code l + 1} that holds group {@code g} of level
 * {@code l}; the groups of the last level listed all hang off the root, so an empty {@code parents}
 * is one root group alone. A level whose every group has one member says nothing its parent level
 * does not, so {@link #of(Topology)} leaves it out ("collapses" it), as it does a level with one
 * group, which is the root itself.
 */
public final class Hierarchy {
    private final int[][] parents;
    private final IntSupplier currentLeaf;

    /**
     * @param parents     for each level below the root, leaf first, the parent of each of its groups
     * @param currentLeaf the leaf group the calling thread runs on, in {@code [0, leafCount())}; a
     *                    hint (a virtual thread may move), so a stale answer costs locality only
     * @throws IllegalArgumentException if a parent index is outside the level above, or a group of
     *                                  a level above the leaves has no member
     */
    public Hierarchy(int[][] parents, IntSupplier currentLeaf) {
        this.parents = new int[parents.length][];
        for (int level = 0; level < parents.length; level++) {
            this.parents[level] = parents[level].clone();
            requireNested(level, parents);
        }
        this.currentLeaf = currentLeaf;
    }

    private static void requireNested(int level, int[][] parents) {
        int groups = parents[level].length;
        if (groups == 0) {
            throw new IllegalArgumentException("level " + level + " has no group");
        }
        boolean belowTheRoot = level + 1 == parents.length;
        int above = belowTheRoot ? 1 : parents[level + 1].length; // the root is one group, 0
        boolean[] hasMember = new boolean[above];
        for (int g = 0; g < groups; g++) {
            int parent = parents[level][g];
            if (parent < 0 || parent >= above) {
                throw new IllegalArgumentException("group " + g + " of level " + level + " has parent " + parent
                        + (belowTheRoot ? ", but the level is the last below the root, whose only group is 0"
                                : ", outside the " + above + " groups of level " + (level + 1)));
            }
            hasMember[parent] = true;
        }
        for (int p = 0; p < above; p++) {
            if (!hasMember[p]) {
                throw new IllegalArgumentException("group " + p + " of level " + (level + 1) + " has no member in level " + level);
            }
        }
    }

    /**
     * A uniform tree for tests and experiments: {@code fanOuts[l]} groups of level {@code l} under
     * each group of level {@code l + 1}, leaf level first, and the root above the last level.
     * {@code uniform(locate, 2, 2)} has 4 leaves in 2 groups.
     */
    public static Hierarchy uniform(IntSupplier currentLeaf, int... fanOuts) {
        int[][] parents = new int[fanOuts.length][];
        int groupsAbove = 1;
        for (int level = fanOuts.length - 1; level >= 0; level--) {
            if (fanOuts[level] < 1) {
                throw new IllegalArgumentException("fan-out " + fanOuts[level] + " at level " + level + "; at least 1");
            }
            parents[level] = new int[groupsAbove * fanOuts[level]];
            for (int g = 0; g < parents[level].length; g++) {
                parents[level][g] = level + 1 == fanOuts.length ? 0 : g / fanOuts[level];
            }
            groupsAbove = parents[level].length;
        }
        return new Hierarchy(parents, currentLeaf);
    }

    /**
     * The topology's clusters, NUMA nodes and packages, each kept where it splits the level above
     * it, and the calling thread located by the CPU it runs on ({@link CpuLocator}). A level whose
     * groups are not each inside one group of the next level (a cluster across two nodes) is left
     * out rather than guessed at.
     */
    public static Hierarchy of(Topology topology) {
        int[] cpus = topology.cpus();
        List<int[]> levels = new ArrayList<>();
        for (IntUnaryOperator groupOfCpu : List.<IntUnaryOperator>of(topology::clusterOfCpu, topology::nodeOfCpu,
                topology::packageOfCpu)) {
            int[] level = dense(Arrays.stream(cpus).map(groupOfCpu).toArray());
            if (count(level) > 1) {
                levels.add(level);
            }
        }
        for (int l = 0; l + 1 < levels.size(); ) {
            int[] level = levels.get(l);
            int[] above = levels.get(l + 1);
            if (count(level) == count(above) || !nestedIn(level, above)) {
                levels.remove(l);
            } else {
                l++;
            }
        }
        int[][] parents = new int[levels.size()][];
        for (int l = 0; l < levels.size(); l++) {
            int[] level = levels.get(l);
            parents[l] = new int[count(level)];
            for (int i = 0; i < cpus.length; i++) {
                parents[l][level[i]] = l + 1 < levels.size() ? levels.get(l + 1)[i] : 0;
            }
        }
        if (levels.isEmpty()) {
            return new Hierarchy(parents, () -> 0);
        }
        int[] leafOfCpu = levels.get(0);
        CpuLocator.prepare(); // the look-ups' one-time work, here in the building thread
        return new Hierarchy(parents, () -> {
            int position = topology.positionOfHostCpu(CpuLocator.currentCpu());
            return position < 0 ? 0 : leafOfCpu[position];
        });
    }

    /** The ids renumbered 0, 1, ... in their order, so that they index arrays. */
    private static int[] dense(int[] ids) {
        int[] distinct = Arrays.stream(ids).distinct().sorted().toArray();
        return Arrays.stream(ids).map(id -> Arrays.binarySearch(distinct, id)).toArray();
    }

    private static int count(int[] denseIds) {
        return Arrays.stream(denseIds).max().orElse(-1) + 1;
    }

    /** Whether each group of {@code level} lies inside one group of {@code above} (both indexed by CPU position). */
    private static boolean nestedIn(int[] level, int[] above) {
        int[] parent = new int[count(level)];
        Arrays.fill(parent, -1);
        for (int i = 0; i < level.length; i++) {
            if (parent[level[i]] == -1) {
                parent[level[i]] = above[i];
            } else if (parent[level[i]] != above[i]) {
                return false;
            }
        }
        return true;
    }

    /** The number of levels below the root; 0 when the root is the only group. */
    public int levels() {
        return parents.length;
    }

    /** The number of groups at a level below the root. */
    public int groups(int level) {
        return parents[level].length;
    }

    /** The group at level {@code level + 1} holding group {@code group} of {@code level}; 0 (the root) above the last level. */
    public int parentOf(int level, int group) {
        return parents[level][group];
    }

    /** The leaf group of the calling thread; 0 when the root is the only group. */
    int currentLeaf() {
        return currentLeaf.getAsInt();
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("Hierarchy[");
        for (int[] level : parents) {
            text.append(level.length).append(" < ");
        }
        return text.append("root]").toString();
    }
}
