import { Type } from '@sinclair/typebox';

/** `/media/songs/:shareId/:file` and `/media/shares/:shareId/:file`: a stored audio file. */
export const audioParams = Type.Object({ shareId: Type.String({ maxLength: 200 }), file: Type.String({ maxLength: 200 }) });

/** `/objects/images/:file` and `/objects/previews/:file`: a stored image. */
export const objectParams = Type.Object({ file: Type.String({ maxLength: 200 }) });

/** `GET /api/audio/proxy?url=`: the remote audio to fetch (checked by the proxy itself). */
export const audioProxyQuery = Type.Object({ url: Type.Optional(Type.String({ maxLength: 4096 })) });
