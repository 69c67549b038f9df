/** An init script keeping the page's WebSockets in `window.roomSockets`, so a test can cut the room's connection. */
export const KEEP_ROOM_SOCKETS = () => {
  const Native = WebSocket;
  const sockets: WebSocket[] = ((window as unknown as { roomSockets: WebSocket[] }).roomSockets = []);
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      sockets.push(this);
    }
  };
};
