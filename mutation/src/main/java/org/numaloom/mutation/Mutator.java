package org.numaloom.mutation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Makes the mutants of a lock: lists every site of the chosen operators in the lock's classes, and
 * writes each mutant as one changed class file in a directory of its own, which a layer puts first
 * on its class path so that the mutated class shadows the original in every JVM it starts.
 */
final class Mutator {
    /** The message of the canary, a mutant no layer may let pass. */
    static final String CANARY_MESSAGE = "numaloom mutation canary: this constructor always throws";

    private final String lock;
    private final Class<?> lockClass;
    private final Map<String, byte[]> originals = new LinkedHashMap<>();
    private final Map<String, ClassNode> classes;
    /** The methods of {@link #classes} the lock can run, {@link ReachableMethods}; only these are mutated. */
    private final Set<String> reachable;

    Mutator(String lock, Class<?> lockClass) {
        this.lock = lock;
        this.lockClass = lockClass;
        this.classes = LockClasses.of(lockClass);
        this.reachable = ReachableMethods.of(lockClass, classes);
        for (String name : classes.keySet()) {
            originals.put(name, LockClasses.bytesOf(lockClass.getClassLoader(), name));
        }
    }

    /** The internal names of the classes mutated, breadth-first from the lock's class. */
    Collection<String> classNames() {
        return classes.keySet();
    }

    /**
     * Every mutant of the given operators in code the lock can run, class by class, in operator
     * order within a class.
     */
    List<Mutant> mutants(Collection<Operator> operators) {
        List<Mutant> mutants = new ArrayList<>();
        for (Map.Entry<String, ClassNode> entry : classes.entrySet()) {
            for (Operator operator : operators) {
                for (Operator.Site site : operator.sites(entry.getValue())) {
                    if (runByTheLock(entry.getKey(), site)) {
                        mutants.add(new Mutant(lock, operator, entry.getKey(), site));
                    }
                }
            }
        }
        return mutants;
    }

    /**
     * The methods with sites of the given operators that the lock never runs, as
     * {@code Class.method}: their mutants are left to the locks that run them.
     */
    Set<String> methodsNotRun(Collection<Operator> operators) {
        Set<String> notRun = new TreeSet<>();
        for (Map.Entry<String, ClassNode> entry : classes.entrySet()) {
            for (Operator operator : operators) {
                for (Operator.Site site : operator.sites(entry.getValue())) {
                    if (!runByTheLock(entry.getKey(), site)) {
                        String owner = entry.getKey();
                        notRun.add(owner.substring(owner.lastIndexOf('/') + 1) + "." + site.member());
                    }
                }
            }
        }
        return notRun;
    }

    /** Field sites (a {@code volatile} made plain) always count: any reachable method may read the field. */
    private boolean runByTheLock(String owner, Operator.Site site) {
        return site.descriptor().equals(Operator.FIELD_SITE)
                || reachable.contains(new ReachableMethods.MethodRef(owner, site.member(), site.descriptor()).key());
    }

    /** Writes the mutant's class under {@code root}; returns the directory to put on a class path. */
    Path write(Mutant mutant, Path root) throws IOException {
        ClassNode node = LockClasses.parse(originals.get(mutant.className()));
        mutant.operator().apply(node, mutant.site());
        return writeClass(node, root.resolve(mutant.directoryName()));
    }

    /**
     * Writes the canary under {@code root}: the lock's class with constructors that throw at once.
     * Only a layer that runs the mutated class can fail on it, so a layer that lets it pass does
     * not see the mutants (its JVMs take the original class from elsewhere) and its verdicts on
     * them would mean nothing.
     */
    Path writeCanary(Path root) throws IOException {
        String name = Type.getInternalName(lockClass);
        ClassNode node = LockClasses.parse(originals.get(name));
        for (MethodNode method : node.methods) {
            if (method.name.equals("<init>")) {
                InsnList fail = new InsnList();
                fail.add(new TypeInsnNode(Opcodes.NEW, "java/lang/Error"));
                fail.add(new InsnNode(Opcodes.DUP));
                fail.add(new LdcInsnNode(CANARY_MESSAGE));
                fail.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, "java/lang/Error", "<init>", "(Ljava/lang/String;)V", false));
                fail.add(new InsnNode(Opcodes.ATHROW));
                method.instructions.insert(fail);
            }
        }
        return writeClass(node, root.resolve("CANARY"));
    }

    private Path writeClass(ClassNode node, Path directory) throws IOException {
        ClassWriter writer = new FrameComputingWriter(lockClass.getClassLoader());
        node.accept(writer);
        Path file = directory.resolve(node.name + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, writer.toByteArray());
        return directory;
    }

    /** Computes frames with the lock's own class loader, which knows the lock's classes. */
    private static final class FrameComputingWriter extends ClassWriter {
        private final ClassLoader loader;

        FrameComputingWriter(ClassLoader loader) {
            super(COMPUTE_FRAMES);
            this.loader = loader;
        }

        @Override
        protected ClassLoader getClassLoader() {
            return loader;
        }
    }
}
