const Svg = ({ d, size = 20 }: { d: string; size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={d} />
  </svg>
);

export const TickIcon = ({ size }: { size?: number }) => <Svg size={size} d="M5 12.5 10 17.5 19 7" />;
export const CloseIcon = ({ size }: { size?: number }) => <Svg size={size} d="M6 6l12 12M18 6 6 18" />;
export const ChevronDownIcon = ({ size }: { size?: number }) => <Svg size={size} d="m6 9 6 6 6-6" />;
export const ChevronLeftIcon = ({ size }: { size?: number }) => <Svg size={size} d="m15 6-6 6 6 6" />;
export const ChevronRightIcon = ({ size }: { size?: number }) => <Svg size={size} d="m9 6 6 6-6 6" />;
export const ExpandIcon = ({ size }: { size?: number }) => <Svg size={size} d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />;
export const CameraIcon = ({ size }: { size?: number }) => (
  <Svg size={size} d="M4 8h3l2-3h6l2 3h3v11H4zM12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z" />
);
export const FileIcon = ({ size }: { size?: number }) => <Svg size={size} d="M14 3H6v18h12V7zM14 3v4h4" />;
