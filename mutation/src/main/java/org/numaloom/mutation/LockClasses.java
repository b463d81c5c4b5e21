package org.numaloom.mutation;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * The classes a lock is made of: its own class and every class of its package that it reaches
 * through its supertypes, fields, calls and allocations, read as bytecode from wherever the lock's
 * class loader finds them (a directory or a user's jar; no sources needed).
 *
 * <p>Classes of other packages are left out: the JDK, and, for the kit's locks, the topology and
 * registry, which a lock uses but which are not lock logic. The order is breadth-first from the
 * lock's class, so the lock's own algorithm comes before the helpers it calls.
 */
final class LockClasses {
    private LockClasses() {
    }

    /** The classes of the lock's package reachable from it, breadth-first, keyed by internal name. */
    static Map<String, ClassNode> of(Class<?> lockClass) {
        String start = Type.getInternalName(lockClass);
        String pkg = packageOf(start);
        ClassLoader loader = lockClass.getClassLoader();
        Map<String, ClassNode> found = new LinkedHashMap<>();
        Deque<String> pending = new ArrayDeque<>(List.of(start));
        while (!pending.isEmpty()) {
            String name = pending.removeFirst();
            if (found.containsKey(name)) {
                continue;
            }
            ClassNode node = read(loader, name);
            found.put(name, node);
            for (String referenced : referencedBy(node)) {
                if (packageOf(referenced).equals(pkg) && !found.containsKey(referenced)) {
                    pending.addLast(referenced);
                }
            }
        }
        return found;
    }

    static byte[] bytesOf(ClassLoader loader, String internalName) {
        try (InputStream in = loader.getResourceAsStream(internalName + ".class")) {
            if (in == null) {
                throw new IllegalStateException("the class file of " + internalName.replace('/', '.')
                        + " is not on the class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ClassNode parse(byte[] bytes) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, 0);
        return node;
    }

    private static ClassNode read(ClassLoader loader, String internalName) {
        return parse(bytesOf(loader, internalName));
    }

    private static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? "" : internalName.substring(0, slash);
    }

    private static List<String> referencedBy(ClassNode node) {
        List<String> names = new ArrayList<>();
        if (node.superName != null) {
            names.add(node.superName);
        }
        names.addAll(node.interfaces);
        for (FieldNode field : node.fields) {
            addType(names, Type.getType(field.desc));
        }
        for (MethodNode method : node.methods) {
            for (AbstractInsnNode insn : method.instructions) {
                if (insn instanceof MethodInsnNode call) {
                    addOwner(names, call.owner);
                } else if (insn instanceof FieldInsnNode access) {
                    addOwner(names, access.owner);
                } else if (insn instanceof TypeInsnNode type) {
                    addOwner(names, type.desc);
                } else if (insn instanceof LdcInsnNode ldc && ldc.cst instanceof Type type) {
                    addType(names, type);
                }
            }
        }
        return names;
    }

    private static void addOwner(List<String> names, String owner) {
        if (owner.startsWith("[")) {
            addType(names, Type.getType(owner));
        } else {
            names.add(owner);
        }
    }

    private static void addType(List<String> names, Type type) {
        Type element = type.getSort() == Type.ARRAY ? type.getElementType() : type;
        if (element.getSort() == Type.OBJECT) {
            names.add(element.getInternalName());
        }
    }
}
