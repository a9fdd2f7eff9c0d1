/** lucide's drawing of one icon, without its React component (build/lucide-data.ts). */
declare module 'virtual:lucide/*' {
  const data: {
    name: string;
    size?: number;
    aliases?: string[];
    node: [string, Record<string, string | number>][];
  };
  export default data;
}

/** lucide's own attributes of an icon (the function lucide-react renders with). */
declare module 'lucide-react/dist/esm/shared/src/build/buildLucideIconNode.mjs' {
  export default function buildLucideIconNode(
    icon: { name: string; size?: number; aliases?: string[]; node: [string, object][] },
    params: {
      size?: number;
      strokeWidth?: number;
      className?: string;
      hasA11yProp?: boolean;
      attributes?: object;
    },
  ): [string, Record<string, string | number>, [string, Record<string, string | number>][]];
}
